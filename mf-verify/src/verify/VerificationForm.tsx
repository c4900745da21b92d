import { type ChosenParticipant, ApiCallError, api, heldToken, isPlaceMoved, sessionStore } from '@idv/api-client';
import { CANCEL_REASON_BY_INITIATOR, type SessionView, validateName } from '@idv/contracts';
import { ConfirmDialog, ContinueOnAnotherDevice, PlaceMoved, useForgetSession } from '@idv/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { GuidedSelfie } from './selfie/head-turn-capture';
import { SelfieCapture } from './selfie/SelfieCapture';
import { keepAnswers, nextAttempt } from './kept-answers';
import { submitOutcome } from './submit-error';
import { DocumentUpload, type PreparedImage } from './uploads/DocumentUpload';

/** The verification form of one participant: real name, both sides of the document, a selfie. */
export function VerificationForm({ session, chosen }: { session: SessionView; chosen?: ChosenParticipant }) {
  const { t } = useTranslation(['verify', 'common']);
  const navigate = useNavigate();
  // Trying again after a retryable failure: the next attempt, and no declining any more.
  const retry = chosen ? session.participants.find((p) => p._id === chosen._id && p.status === 'failed') : undefined;
  // It starts from the last attempt's answers but what the failure asks for again (kept-answers.ts).
  const [again] = useState(() =>
    retry && chosen
      ? nextAttempt(
          session._id,
          chosen._id,
          (retry.result?.reasons ?? []).map((r) => r.code),
        )
      : undefined,
  );
  const [realName, setRealName] = useState(again?.realName ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [front, setFront] = useState<PreparedImage | null>(again?.front ?? null);
  const [back, setBack] = useState<PreparedImage | null>(again?.back ?? null);
  const [selfie, setSelfie] = useState<GuidedSelfie | null>(again?.selfie ?? null);
  const [submitting, setSubmitting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'cancel' | 'decline' | null>(null);
  // This place moved to another device (continue on another device).
  const [moved, setMoved] = useState(false);

  const isInitiator = chosen?._id === session.initiatorParticipantId;
  const token = chosen ? heldToken(session, chosen._id) : undefined;
  const complete = realName.trim() !== '' && front !== null && back !== null && selfie !== null;
  const entered = realName.trim() !== '' || front !== null || back !== null || selfie !== null;
  const forget = useForgetSession();
  // Every way on from the form follows an action or a refusal that says the session changed.
  const go = (to: 'results' | 'waiting' | 'rejected' | 'invite') => {
    forget(session._id);
    navigate(`/${to}/${session._id}`);
  };
  const placeMoved = () => {
    if (chosen) sessionStore.forgetPlace(session._id, chosen._id, isInitiator);
    setMoved(true);
  };
  if (moved) return <PlaceMoved sessionId={session._id} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // The form's checks (docs/product.md, "Rules": submitting), in their order.
    if (session.participants.length === 0) return setMessage(t('verify.sessionNotLoaded'));
    if (!chosen) return setMessage(t('verify.participantUnknown'));
    if (session.isCancelled) return go('results');
    if (!front || !back) return setMessage(t('verify.documentsMissing'));
    if (!selfie) return setMessage(t('verify.selfieMissing'));
    const name = validateName(realName, 'real_name_required');
    if (!name.ok) return setNameError(t(name.code === 'real_name_required' ? 'verify.realNameRequired' : 'verify.realNameInvalid'));
    setSubmitting(true);
    try {
      await api.submitVerification(
        session._id,
        chosen._id,
        { realName: name.value, idDocumentFront: front.dataUrl, idDocumentBack: back.dataUrl, selfie: selfie.selfie, proofOfLife: selfie.proofOfLife },
        token ?? '',
      );
      keepAnswers(session._id, chosen._id, { realName: name.value, front, back, selfie });
      go('waiting');
    } catch (error) {
      const outcome = submitOutcome(error);
      setSubmitting(false);
      if (outcome.kind === 'go') return go(outcome.to);
      if (outcome.kind === 'moved') return placeMoved();
      if (outcome.kind === 'name') return setNameError(t(outcome.key));
      if (outcome.kind === 'retake') setSelfie(null);
      setMessage(t(outcome.key));
    }
  };

  // The head turns the selfie's capture follows; without one (refused, unreachable) the selfie is taken alone and the submit says why.
  const issueChallenge = async () => {
    if (!chosen || !token) return null;
    try {
      return await api.issueLivenessChallenge(session._id, chosen._id, token);
    } catch {
      return null;
    }
  };

  const cancelSession = async () => {
    setConfirming(null);
    setBusy(true);
    try {
      await api.cancelSession(session._id, session.initiatorParticipantId, CANCEL_REASON_BY_INITIATOR, token ?? '');
      go('results');
    } catch (error) {
      if (isPlaceMoved(error)) return placeMoved();
      setMessage(t('verify.cancelFailed'));
      setBusy(false);
    }
  };

  const decline = async () => {
    setConfirming(null);
    if (isInitiator) return setMessage(t('verify.initiatorCannotDecline'));
    if (!chosen) return setMessage(t('verify.participantUnknown'));
    setBusy(true);
    try {
      await api.declineInvitation(session._id, chosen._id, token ?? '');
      go('rejected');
    } catch (error) {
      if (error instanceof ApiCallError && error.code === 'session_cancelled') return go('results');
      if (isPlaceMoved(error)) return placeMoved();
      setMessage(t(error instanceof ApiCallError && error.code === 'initiator_cannot_decline' ? 'verify.initiatorCannotDecline' : 'verify.declineFailed'));
      setBusy(false);
    }
  };

  const locked = submitting || busy;
  return (
    <form className="screen" aria-labelledby="verify-title" onSubmit={(event) => void submit(event)} noValidate>
      <h1 id="verify-title">{t('verify.title')}</h1>
      {chosen && <p className="verifying-as">{t('verify.verifyingAs', { name: chosen.name })}</p>}
      {retry && (
        <div className="notice notice-info attempt-notice">
          <p>{t('verify.attempt', { attempt: (retry.attempt ?? 0) + 1, total: (retry.attempt ?? 0) + (retry.attemptsLeft ?? 0) })}</p>
          {again && again.kept.length > 0 && <p>{t('verify.kept', { parts: again.kept.map((part) => t(`verify.parts.${part}`)).join(', ') })}</p>}
          {again && again.giveAgain.length > 0 && (
            <p>{t('verify.giveAgain', { parts: again.giveAgain.map((part) => t(`verify.parts.${part}`)).join(', ') })}</p>
          )}
          {again?.giveAgain.includes('selfie') && <p>{t('verify.selfieEachAttempt')}</p>}
        </div>
      )}
      <p className="field-hint">{t('verify.privacy')}</p>
      <div className="field">
        <label htmlFor="real-name">{t('verify.realName')}</label>
        <input
          id="real-name"
          autoComplete="name"
          value={realName}
          disabled={locked}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'real-name-error' : 'real-name-hint'}
          onChange={(event) => {
            setRealName(event.target.value);
            setNameError(null);
          }}
        />
        {nameError ? (
          <p id="real-name-error" className="field-error" role="alert">
            {nameError}
          </p>
        ) : (
          <p id="real-name-hint" className="field-hint">
            {t('verify.realNameHint')}
          </p>
        )}
      </div>
      <div className="uploads">
        <DocumentUpload label={t('verify.front')} value={front} onChange={setFront} disabled={locked} />
        <DocumentUpload label={t('verify.back')} value={back} onChange={setBack} disabled={locked} />
      </div>
      <SelfieCapture value={selfie} onChange={setSelfie} issueChallenge={issueChallenge} disabled={locked} />
      {message && (
        <p role="alert" className="notice notice-error">
          {message}
        </p>
      )}
      {chosen && token && (
        <div className="continue-elsewhere">
          <ContinueOnAnotherDevice
            place={{ sessionId: session._id, participantId: chosen._id, initiator: isInitiator, token }}
            onMoved={() => setMoved(true)}
          />
        </div>
      )}
      <div className="actions">
        {isInitiator ? (
          <button type="button" className="button button-danger" disabled={locked} onClick={() => setConfirming('cancel')}>
            {t('verify.cancel')}
          </button>
        ) : retry ? null : (
          <button type="button" className="button button-secondary" disabled={locked} onClick={() => (entered ? setConfirming('decline') : void decline())}>
            {t('verify.decline')}
          </button>
        )}
        <button type="submit" className="button" disabled={!complete || locked} aria-busy={submitting}>
          {submitting ? (
            <>
              <span className="spinner spinner-small" aria-hidden="true" /> {t('verify.submitting')}
            </>
          ) : (
            t('verify.submit')
          )}
        </button>
      </div>
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={t('verify.cancelTitle')}
        message={t('verify.cancelConfirm')}
        confirm={t('verify.cancelYes')}
        cancel={t('verify.cancelNo')}
        onConfirm={() => void cancelSession()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'decline'}
        title={t('verify.declineTitle')}
        message={t('verify.declineConfirm')}
        confirm={t('verify.declineYes')}
        cancel={t('verify.declineNo')}
        onConfirm={() => void decline()}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}
