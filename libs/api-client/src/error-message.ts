import { ApiCallError } from './api-error';

/** Errors every screen words the same way, by code. */
const COMMON_MESSAGES: Partial<Record<string, string>> = {
  email_mismatch: 'claim:emailMismatch',
  place_locked: 'claim:placeLocked',
  place_released: 'claim:placeReleased',
};

/**
 * The `common` namespace key of the message for a failed call when the screen has no more
 * specific one: a code every screen words alike (a claim's e-mail address), unreachable ->
 * network, a server or service failure -> server, else generic.
 */
export function commonErrorKey(error: unknown): string {
  if (!(error instanceof ApiCallError)) return 'common:errors.generic';
  const known = COMMON_MESSAGES[error.code];
  if (known) return known;
  if (error.code === 'network' || error.code === 'timeout') return 'common:errors.network';
  if (error.status >= 500) return 'common:errors.server';
  return 'common:errors.generic';
}
