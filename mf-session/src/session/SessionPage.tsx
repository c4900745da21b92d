import { CANCEL_REASON_BY_INITIATOR, LIMITS, type ParticipantView, type SessionView, groupedSessionId } from '@idv/contracts';
import { api, isPlaceMoved, sessionStore } from '@idv/api-client';
import { useState } from 'react';
import {
  ConfirmDialog,
  ContinueOnAnotherDevice,
  CopyStatus,
  LinkToShare,
  ParticipantStatusList,
  PlaceMoved,
  QrCode,
  SessionUnavailable,
  linkOnThisApp,
  useClipboardCopy,
  useSession,
} from '@idv/ui';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';

export function SessionPage() {
  const { t } = useTranslation(['session', 'common']);
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const token = sessionStore.initiatorToken(id);
  // Read again while a place is open: claims, declines and a place locked by wrong e-mail addresses show up.
  const read = useSession(id, { token, poll: { everyMs: LIMITS.waitingPollMs, until: everyPlaceTaken } });
  const codeCopy = useClipboardCopy();
  const [confirming, setConfirming] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  // The participant whose place the initiator is about to release (a wrong person claimed it).
  const [releasing, setReleasing] = useState<ParticipantView | null>(null);
  const [releaseFailed, setReleaseFailed] = useState(false);
  // The initiator's place (the whole session) moved to another device.
  const [moved, setMoved] = useState(false);

  if (moved) return <PlaceMoved sessionId={id} />;
  const { session } = read;
  if (!session) return <SessionUnavailable read={read} />;
  if (session.isCancelled) return <Navigate to={`/results/${session._id}`} replace />;

  // The invitation at the address this page was opened at (a phone scanning the QR code must reach it).
  const shareableUrl = linkOnThisApp(session.shareableUrl);
  // The code as people read it out and type it (the join form takes it so).
  const code = groupedSessionId(session._id);

  const start = () => {
    const initiator = session.participants.find((p) => p._id === session.initiatorParticipantId);
    if (!initiator || !token) return;
    sessionStore.setParticipantToken(session._id, initiator._id, token);
    sessionStore.setChosenParticipant(session._id, { _id: initiator._id, name: initiator.name });
    navigate(`/verify/${session._id}`);
  };

  const release = async (participant: ParticipantView) => {
    setReleasing(null);
    setReleaseFailed(false);
    try {
      await api.releasePlace(session._id, participant._id, token ?? '');
      read.checkNow();
    } catch (error) {
      if (isPlaceMoved(error)) {
        sessionStore.forgetPlace(session._id, session.initiatorParticipantId, true);
        return setMoved(true);
      }
      setReleaseFailed(true);
    }
  };

  const cancel = async () => {
    setConfirming(false);
    setCancelFailed(false);
    try {
      await api.cancelSession(session._id, session.initiatorParticipantId, CANCEL_REASON_BY_INITIATOR, token ?? '');
      navigate(`/results/${session._id}`);
    } catch (error) {
      if (isPlaceMoved(error)) {
        sessionStore.forgetPlace(session._id, session.initiatorParticipantId, true);
        return setMoved(true);
      }
      setCancelFailed(true);
    }
  };

  return (
    <section className="screen" aria-labelledby="session-title">
      <h1 id="session-title">{t('session.title')}</h1>
      <p>
        <strong>{t('session.purpose')}:</strong> {session.purpose}
      </p>
      {!token && (
        <div className="notice notice-info">
          <p>{t('session.notInitiator')}</p>
          <Link to={`/invite/${session._id}`}>{t('session.openInvite')}</Link>
        </div>
      )}
      <div className="card screen">
        <h2>{t('session.share')}</h2>
        <div className="field">
          <LinkToShare
            id="share-link"
            label={t('session.link')}
            url={shareableUrl}
            copy={t('session.copy')}
            copied={t('session.copied')}
            copyFailed={t('session.copyFailed')}
          />
        </div>
        <div className="field">
          <p className="session-code">
            {t('session.code')}: <code>{code}</code>{' '}
            <button type="button" className="link-button" onClick={() => void codeCopy.copy(code)}>
              {t('session.copyCode')}
            </button>
          </p>
          <CopyStatus result={codeCopy.result} copied={t('session.codeCopied')} failed={t('session.codeCopyFailed')} />
        </div>
        <div className="qr">
          <QrCode url={shareableUrl} label={t('session.qr')} />
        </div>
      </div>
      <div className="card">
        <h2>{t('session.participants')}</h2>
        <ParticipantStatusList
          participants={session.participants}
          showEmail
          action={(participant) =>
            token && participant.claimed && participant.status === 'pending' && participant._id !== session.initiatorParticipantId ? (
              <button
                type="button"
                className="button button-secondary"
                aria-label={t('session.releaseLabel', { name: participant.name })}
                onClick={() => setReleasing(participant)}
              >
                {t('session.release')}
              </button>
            ) : null
          }
        />
        {releaseFailed && (
          <p role="alert" className="notice notice-error">
            {t('session.releaseFailed')}
          </p>
        )}
      </div>
      {cancelFailed && (
        <p role="alert" className="notice notice-error">
          {t('session.cancelFailed')}
        </p>
      )}
      {token && (
        <div className="actions">
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {t('session.cancel')}
          </button>
          <ContinueOnAnotherDevice
            place={{ sessionId: session._id, participantId: session.initiatorParticipantId, initiator: true, token }}
            onMoved={() => setMoved(true)}
          />
          <button type="button" className="button" onClick={start}>
            {t('session.start')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={releasing !== null}
        title={t('session.releaseTitle')}
        message={t('session.releaseConfirm', { name: releasing?.name ?? '' })}
        confirm={t('session.releaseYes')}
        cancel={t('session.releaseNo')}
        onConfirm={() => releasing && void release(releasing)}
        onCancel={() => setReleasing(null)}
      />
      <ConfirmDialog
        open={confirming}
        title={t('session.cancel')}
        message={t('session.cancelConfirm')}
        confirm={t('session.cancelYes')}
        cancel={t('session.cancelNo')}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** Nothing left for the initiator to see arrive here: cancelled, or every place claimed or answered. */
function everyPlaceTaken(session: SessionView): boolean {
  return session.isCancelled || session.participants.every((p) => p.claimed || p.status !== 'pending');
}
