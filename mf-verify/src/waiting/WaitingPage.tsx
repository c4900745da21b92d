import { sessionStore } from '@idv/api-client';
import { LIMITS, waitingIsOver } from '@idv/contracts';
import { ParticipantStatusList, SessionUnavailable, useSession, ButtonLink } from '@idv/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { ParticipantResult } from '../results/ParticipantResult';
import { viewerOf } from '../shared/viewer';

/**
 * /waiting/:id: every participant's status, followed live (and checked every 3 s), until results can
 * be shown; this tab's own failure at once, with its reasons and "Try again" while attempts are left.
 */
export function WaitingPage() {
  const { t, i18n } = useTranslation(['verify', 'common']);
  const id = useParams().id ?? '';
  const live = useSession(id, { token: sessionStore.initiatorToken(id), poll: { everyMs: LIMITS.waitingPollMs, until: waitingIsOver } });
  const { session } = live;

  if (session && waitingIsOver(session)) return <Navigate to={`/results/${session._id}`} replace />;
  if (!session) return <SessionUnavailable read={live} />;
  const viewer = viewerOf(session);
  const ownFailure = session.participants.find((p) => p._id === viewer && p.status === 'failed');
  return (
    <section className="screen" aria-labelledby="waiting-title">
      <div className="spinner" aria-hidden="true" />
      <h1 id="waiting-title">{t('waiting.title')}</h1>
      <p>{t('waiting.intro')}</p>
      {ownFailure && (
        <div className="card own-result" role="status" aria-labelledby="own-result-title">
          <h2 id="own-result-title">{t('waiting.yourResult')}</h2>
          <ul className="people results-list">
            <ParticipantResult participant={ownFailure} sessionId={session._id} isViewer />
          </ul>
        </div>
      )}
      <ParticipantStatusList participants={session.participants} label={t('results.participants')} />
      {live.error !== undefined && (
        <p role="alert" className="notice notice-error">
          {t('waiting.checkFailed')}
        </p>
      )}
      <p className="field-hint" aria-live="polite">
        {live.lastChecked && t('waiting.lastChecked', { time: live.lastChecked.toLocaleTimeString(i18n.language) })}
        <br />
        {t('waiting.autoCheck')}
      </p>
      <div className="actions">
        {/* The spec's Cancel goes home; it cancels nothing, and says so. */}
        <ButtonLink to="/" secondary aria-describedby="waiting-cancel-hint">
          {t('waiting.cancel')}
        </ButtonLink>
        <button type="button" className="button" disabled={live.checking} onClick={live.checkNow}>
          {live.checking ? t('waiting.checking') : t('waiting.checkNow')}
        </button>
      </div>
      <p className="field-hint" id="waiting-cancel-hint">
        {t('waiting.cancelHint')}
      </p>
    </section>
  );
}
