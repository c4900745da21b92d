import { useTranslation } from 'react-i18next';

/** "(locked until 14:00: too many wrong e-mail addresses)" after a participant's name, while it is. */
export function ClaimLockNote({ until }: { until?: string }) {
  const { t, i18n } = useTranslation('common');
  if (!until) return null;
  const time = new Date(until).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return <em> ({t('claim.lockedUntil', { time })})</em>;
}
