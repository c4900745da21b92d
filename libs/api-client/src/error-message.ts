import { ApiCallError } from './api-error';

/**
 * The `common` namespace key of the message for a failed call when the screen has no more
 * specific one: unreachable -> network, a server or service failure -> server, else generic.
 */
export function commonErrorKey(error: unknown): string {
  if (!(error instanceof ApiCallError)) return 'common:errors.generic';
  if (error.code === 'network' || error.code === 'timeout') return 'common:errors.network';
  if (error.status >= 500) return 'common:errors.server';
  return 'common:errors.generic';
}
