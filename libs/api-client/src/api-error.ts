import type { ErrorCode, ValidationCode } from '@idv/contracts';

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
    /** For a field that broke one of the product's rules, the rule's code (a screen words it). */
    readonly fieldCodes?: Record<string, ValidationCode>,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}
