import { sessionStore } from '@idv/api-client';
import { LIMITS, waitingIsOver } from '@idv/contracts';
import { ParticipantStatusList, SessionUnavailable, useSession } from '@idv/ui';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';

/** /waiting/:id: every participant's status, checked every 3 s, until results can be shown. */
export function WaitingPage() {
  const { t, i18n } = useTranslation(['verify', 'common']);
  const id = useParams().id ?? '';
  const live = useSession(id, { token: sessionStore.initiatorToken(id), poll: { everyMs: LIMITS.waitingPollMs, until: waitingIsOver } });
  const { session } = live;

  if (session && waitingIsOver(session)) return <Navigate to={`/results/${session._id}`} replace />;
  if (!session) return <SessionUnavailable read={live} />;
  return (
    <section className="screen" aria-labelledby="waiting-title">
      <div className="spinner" aria-hidden="true" />
      <h1 id="waiting-title">{t('waiting.title')}</h1>
      <p>{t('waiting.intro')}</p>
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
        <Link to="/" className="button button-secondary">
          {t('waiting.cancel')}
        </Link>
        <button type="button" className="button" disabled={live.checking} onClick={live.checkNow}>
          {live.checking ? t('waiting.checking') : t('waiting.checkNow')}
        </button>
      </div>
    </section>
  );
}
