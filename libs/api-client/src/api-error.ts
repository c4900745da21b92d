import type { ErrorCode } from '@idv/contracts';

/**
 * A failed call: the gateway's `code` when it answered, `network` when it could not be reached,
 * `timeout` when it took too long. Screens turn `code` into a message in the viewer's language.
 */
export class ApiCallError extends Error {
  constructor(
    readonly code: ErrorCode | 'network' | 'timeout',
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}
