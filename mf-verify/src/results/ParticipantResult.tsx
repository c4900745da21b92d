import type { ParticipantView } from '@idv/contracts';
import { useTranslation } from 'react-i18next';

/** One participant's result label and, for a failure, its public reasons in the viewer's language. */
export function ParticipantResult({ participant }: { participant: ParticipantView }) {
  const { t } = useTranslation('verify');
  const reasons = participant.status === 'failed' ? (participant.result?.reasons ?? []) : [];
  return (
    <li className="result-row">
      <div className="result-head">
        <span>{participant.name}</span>
        <span className={`status status-${participant.status === 'submitted' ? 'pending' : participant.status}`}>{t(`resultLabel.${participant.status}`)}</span>
      </div>
      {reasons.length > 0 && (
        <ul className="reasons">
          {reasons.map((reason) => (
            <li key={reason.code}>{t(`reasons.${reason.code}`)}</li>
          ))}
        </ul>
      )}
      {reasons.some((reason) => reason.retryable) && <p className="field-hint">{t('results.retryable')}</p>}
    </li>
  );
}
