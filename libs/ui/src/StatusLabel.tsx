import type { ParticipantStatus } from '@idv/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A participant's status as a coloured badge: verified green, submitted yellow, failed red, declined
 * grey, others blue. A pending place someone has claimed (accepted the invitation, or the
 * initiator's own) reads "Accepted": the initiator can tell who has answered.
 */
export function StatusLabel({ status, claimed = false }: { status: ParticipantStatus; claimed?: boolean }) {
  const { t } = useTranslation('common');
  const shown = status === 'pending' && claimed ? 'accepted' : status;
  return <span className={`status status-${shown}`}>{t(`status.${shown}`)}</span>;
}
