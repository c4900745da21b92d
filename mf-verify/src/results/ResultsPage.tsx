import { sessionStore, viewerIsInitiator } from '@idv/api-client';
import { CANCEL_REASON_BY_INITIATOR, LIMITS, type SessionView, canTryAgain, resultsArePending, resultsMayChange } from '@idv/contracts';
import { ParticipantStatusList, SessionUnavailable, useSession, ButtonLink } from '@idv/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { viewerOf } from '../shared/viewer';
import { forgetAnswers } from '../verify/kept-answers';
import { ParticipantResult } from './ParticipantResult';

/**
 * /results/:id: the cancelled view, or everyone's result; refreshed while a check is still running
 * or someone may still try again.
 */
export function ResultsPage() {
  const id = useParams().id ?? '';
  const live = useSession(id, { token: sessionStore.initiatorToken(id), poll: { everyMs: LIMITS.waitingPollMs, until: (s) => !resultsMayChange(s) } });
  const { session } = live;
  // The answers kept for a next attempt go once there can be none (verified, out of attempts, cancelled).
  const viewer = session ? session.participants.find((p) => p._id === viewerOf(session)) : undefined;
  const finishedPlace = viewer && (session?.isCancelled || (viewer.status !== 'submitted' && !canTryAgain(viewer))) ? viewer._id : undefined;
  useEffect(() => {
    if (finishedPlace) forgetAnswers(id, finishedPlace);
  }, [finishedPlace, id]);

  if (!session) return <SessionUnavailable read={live} />;
  return session.isCancelled ? <CancelledView session={session} /> : <ResultsView session={session} />;
}

function CancelledView({ session }: { session: SessionView }) {
  const { t } = useTranslation(['verify', 'common']);
  const reason = session.cancelReason === CANCEL_REASON_BY_INITIATOR ? t('results.cancelledByInitiator') : session.cancelReason;
  return (
    <section className="screen" aria-labelledby="cancelled-title">
      <h1 id="cancelled-title">{t('results.cancelledTitle')}</h1>
      <p role="alert" className="notice notice-warning">
        {t('results.cancelledWarning')}
      </p>
      <p>{t('results.cancelledText')}</p>
      {reason && <p>{t('results.cancelReason', { reason })}</p>}
      {viewerIsInitiator(session) && (
        <div className="card">
          <h2>{t('results.sessionStatus')}</h2>
          <ParticipantStatusList participants={session.participants} />
        </div>
      )}
      <div className="actions">
        <ButtonLink to="/">{t('results.newSession')}</ButtonLink>
      </div>
    </section>
  );
}

function ResultsView({ session }: { session: SessionView }) {
  const { t } = useTranslation(['verify', 'common']);
  const pending = resultsArePending(session);
  const success = session.status === 'completed';
  const viewer = viewerOf(session);
  // Nobody's outcome is overall until everyone has submitted (an expired session never will).
  const notSubmitted = session.status === 'expired' ? [] : session.participants.filter((p) => p.status === 'pending');
  // A failure is not final while the person may still try again (an expired session takes no more).
  const mayTryAgain = session.status === 'expired' ? [] : session.participants.filter(canTryAgain);
  return (
    <section className="screen" aria-labelledby="results-title">
      <h1 id="results-title">{t('results.title')}</h1>
      {notSubmitted.length > 0 || pending ? (
        <div className="notice notice-info" role="status">
          <span className="spinner spinner-small" aria-hidden="true" />
          <p>{notSubmitted.length > 0 ? t('results.waitingFor', { names: notSubmitted.map((p) => p.name).join(', ') }) : t('results.pendingText')}</p>
        </div>
      ) : mayTryAgain.length > 0 ? (
        <div className="notice notice-info" role="status">
          <p>{t('results.notFinal', { names: mayTryAgain.map((p) => p.name).join(', ') })}</p>
        </div>
      ) : (
        <div className={`outcome ${success ? 'outcome-success' : 'outcome-failure'}`} role="status">
          <span className="outcome-mark" aria-hidden="true">
            {success ? '✓' : '✕'}
          </span>
          <div>
            <h2>{t(success ? 'results.success' : 'results.failure')}</h2>
            <p>{t(success ? 'results.successText' : 'results.failureText')}</p>
          </div>
        </div>
      )}
      <div className="card">
        <h2>{t('results.participants')}</h2>
        <ul className="people results-list">
          {session.participants.map((participant) => (
            <ParticipantResult key={participant._id} participant={participant} sessionId={session._id} isViewer={participant._id === viewer} />
          ))}
        </ul>
      </div>
      <p>
        <strong>{t('results.sessionStatus')}:</strong> <span className="session-status">{t(`sessionStatus.${session.status}`)}</span>
        {mayTryAgain.length > 0 && ` (${t('results.notFinalShort')})`}
      </p>
      <div className="actions">
        <ButtonLink to="/" secondary>
          {t('results.exit')}
        </ButtonLink>
        <ButtonLink to="/">{t('results.newSession')}</ButtonLink>
      </div>
    </section>
  );
}
