import type { ParticipantStatus } from '@idv/contracts';
import { useTranslation } from 'react-i18next';

/** A participant's status as a coloured badge: verified green, submitted yellow, failed red, declined grey, others blue. */
export function StatusLabel({ status }: { status: ParticipantStatus }) {
  const { t } = useTranslation('common');
  return <span className={`status status-${status}`}>{t(`status.${status}`)}</span>;
}
