import { ApiCallError } from './api-error';

/**
 * The one table of what a failed call says, by code, for every screen (the `claim` namespace is
 * libs/ui claim-strings.ts, registered by every remote that claims places). A screen words a code
 * otherwise only where it says something more there (mf-verify submit-error.ts, the handoff pages).
 */
const COMMON_MESSAGES: Partial<Record<string, string>> = {
  participant_already_claimed: 'claim:alreadyClaimed',
  session_full: 'claim:full',
  email_mismatch: 'claim:emailMismatch',
  place_locked: 'claim:placeLocked',
  place_released: 'claim:placeReleased',
};

/** The table's message for this failure, when its code is one every screen words alike. */
export function sharedErrorKey(error: unknown): string | undefined {
  return error instanceof ApiCallError ? COMMON_MESSAGES[error.code] : undefined;
}

/**
 * The `common` namespace key of the message for a failed call when the screen has no more
 * specific one: a code every screen words alike (a claim's e-mail address), unreachable ->
 * network, a server or service failure -> server, else generic.
 */
export function commonErrorKey(error: unknown): string {
  if (!(error instanceof ApiCallError)) return 'common:errors.generic';
  const known = sharedErrorKey(error);
  if (known) return known;
  if (error.code === 'network' || error.code === 'timeout') return 'common:errors.network';
  if (error.status >= 500) return 'common:errors.server';
  return 'common:errors.generic';
}
