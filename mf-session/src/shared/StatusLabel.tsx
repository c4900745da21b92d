import type { ParticipantStatus } from '@idv/contracts';
import { useTranslation } from 'react-i18next';

export function StatusLabel({ status }: { status: ParticipantStatus }) {
  const { t } = useTranslation('session');
  return <span className={`status status-${status}`}>{t(`status.${status}`)}</span>;
}
