/** How long to wait before trying again: the first pause, multiplied by `factor` after each try, never over `maxMs`. */
export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
  /** 2 unless said. */
  factor?: number;
}

/**
 * The one back-off rule of the project: the pause after try `attempt` (0 for the first) fails.
 * Used by the browser's live session stream and its retried changes, and by svc-verification's
 * result publisher; the scripts of tools/ (plain JavaScript, run before anything is built) keep the
 * same rule in process-group.mjs.
 */
export function backoffMs(attempt: number, { firstMs, maxMs, factor = 2 }: BackoffPolicy): number {
  return Math.min(maxMs, firstMs * factor ** Math.max(0, attempt));
}
