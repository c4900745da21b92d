import { type ParticipantView, type VerificationReasonCode, canTryAgain } from '@idv/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * One participant's result label and, for a failure, its public reasons in the viewer's language.
 * The viewer's own retryable failure offers "Try again" with what to do differently; anyone else's
 * retry shows as "trying again (attempt 2 of 3)".
 */
export function ParticipantResult({ participant, sessionId, isViewer }: { participant: ParticipantView; sessionId: string; isViewer: boolean }) {
  const { t } = useTranslation('verify');
  const reasons = participant.status === 'failed' ? (participant.result?.reasons ?? []) : [];
  const attempt = participant.attempt ?? 0;
  const total = attempt + (participant.attemptsLeft ?? 0);
  const retrying = participant.status === 'submitted' && attempt > 1;
  const retryable = canTryAgain(participant);
  return (
    <li className="result-row">
      <div className="result-head">
        <span>{participant.name}</span>
        <span className={`status status-${participant.status === 'submitted' ? 'pending' : participant.status}`}>
          {retrying ? t('results.retrying', { attempt, total }) : t(`resultLabel.${participant.status}`)}
        </span>
      </div>
      {reasons.length > 0 && (
        <ul className="reasons">
          {reasons.map((reason) => (
            <li key={reason.code}>{t(`reasons.${reason.code}`)}</li>
          ))}
        </ul>
      )}
      {isViewer && retryable && <TryAgain sessionId={sessionId} codes={reasons.map((r) => r.code)} attemptsLeft={participant.attemptsLeft ?? 0} />}
      {isViewer && reasons.length > 0 && !retryable && (
        <p className="field-hint">{t(reasons.every((r) => r.retryable) ? 'results.noAttemptsLeft' : 'results.notRetryable')}</p>
      )}
      {!isViewer && retryable && <p className="field-hint">{t('results.retryable')}</p>}
    </li>
  );
}

function TryAgain({ sessionId, codes, attemptsLeft }: { sessionId: string; codes: VerificationReasonCode[]; attemptsLeft: number }) {
  const { t } = useTranslation('verify');
  const hints = [...new Set(codes.map((code) => t(`retryHints.${code}`)))];
  return (
    <div className="try-again">
      <p>
        <strong>{t('results.tryAgainTitle')}</strong> {t('results.attemptsLeft', { count: attemptsLeft })}
      </p>
      <ul>
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      <Link to={`/verify/${sessionId}`} className="button">
        {t('results.tryAgain')}
      </Link>
    </div>
  );
}
