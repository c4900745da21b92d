import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../LoadFailed';
import { SessionNotFound } from '../SessionNotFound';
import type { SessionRead } from './use-session';

/** The screen while a session cannot be shown yet: loading, not found (with a way home), or a failed read with Retry. */
export function SessionUnavailable({ read }: { read: SessionRead }) {
  const { t } = useTranslation('common');
  if (read.notFound) return <SessionNotFound />;
  if (read.error !== undefined) return <LoadFailed error={read.error} onRetry={read.checkNow} />;
  return <p role="status">{t('loading')}</p>;
}
