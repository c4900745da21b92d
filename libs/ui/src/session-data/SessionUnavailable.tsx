import { LoadFailed } from '../LoadFailed';
import { PageLoading } from '../PageLoading';
import { SessionNotFound } from '../SessionNotFound';
import type { SessionRead } from './use-session';

/** The screen while a session cannot be shown yet: loading, not found (with a way home), or a failed read with Retry. */
export function SessionUnavailable({ read }: { read: SessionRead }) {
  if (read.notFound) return <SessionNotFound />;
  if (read.error !== undefined) return <LoadFailed error={read.error} onRetry={read.checkNow} />;
  return <PageLoading />;
}
