import { ApiCallError, api, claimPlace, commonErrorKey, sessionStore, sharedErrorKey } from '@idv/api-client';
import type { SessionView } from '@idv/contracts';
import { useState } from 'react';
import { ConfirmDialog, PlaceEmailField, SessionUnavailable, StatusLabel, TermsCheckbox, useSession } from '@idv/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';

export function InvitePage() {
  const { t } = useTranslation(['session', 'common']);
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const read = useSession(id);
  const [selected, setSelected] = useState<string>('');
  const [email, setEmail] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingDecline, setConfirmingDecline] = useState(false);

  const { session } = read;
  if (!session) return <SessionUnavailable read={read} />;
  if (session.isCancelled) return <Navigate to={`/results/${session._id}`} replace />;
  const invitees = session.participants.filter((p) => p._id !== session.initiatorParticipantId);
  // This browser declined its place: the link says so again, not the form.
  if (invitees.some((p) => p.status === 'declined' && sessionStore.participantToken(session._id, p._id)))
    return <Navigate to={`/rejected/${session._id}`} replace />;

  /** A place this browser does not hold yet is claimed with the address the initiator entered for it. */
  const emailFor = (participantId: string): { email?: string } | null => {
    if (sessionStore.participantToken(session._id, participantId)) return {};
    return email.trim() ? { email: email.trim() } : null;
  };

  const explain = (error: unknown, fallback: string) => {
    if (error instanceof ApiCallError && error.code === 'session_cancelled') return navigate(`/results/${session._id}`);
    setMessage(fallback);
  };

  const accept = async () => {
    if (!selected) return setMessage(t('invite.selectFirst'));
    const address = emailFor(selected);
    if (!address) return setMessage(t('claim:emailRequired'));
    if (!termsAccepted) return setMessage(t('invite.termsRequired'));
    setBusy(true);
    setMessage(null);
    try {
      await claimPlace(session, selected, { ...address, termsAccepted: true });
      const participant = invitees.find((p) => p._id === selected)!;
      sessionStore.setChosenParticipant(session._id, { _id: participant._id, name: participant.name });
      navigate(`/verify/${session._id}`);
    } catch (error) {
      explain(error, t(commonErrorKey(error)));
      setBusy(false);
    }
  };

  /** Declining cannot be undone: the checks come first, then a confirmation, then the decline. */
  const askToDecline = () => {
    if (!selected) return setMessage(t('invite.selectBeforeDecline'));
    if (!emailFor(selected)) return setMessage(t('claim:emailRequired'));
    setMessage(null);
    setConfirmingDecline(true);
  };

  const decline = async () => {
    setConfirmingDecline(false);
    const address = emailFor(selected);
    if (!selected || !address) return;
    setBusy(true);
    setMessage(null);
    try {
      // Claimed only to decline: no terms accepted, so this place cannot submit from it.
      const token = await claimPlace(session, selected, { ...address, termsAccepted: false });
      await api.declineInvitation(session._id, selected, token);
      navigate(`/rejected/${session._id}`);
    } catch (error) {
      // A refused claim says why (the wrong e-mail address, a locked or taken place); anything else failed the decline.
      const known = sharedErrorKey(error);
      explain(error, known ? t(known) : t('invite.declineFailed'));
      setBusy(false);
    }
  };

  return (
    <section className="screen" aria-labelledby="invite-title">
      <h1 id="invite-title">{t('invite.title', { initiator: session.initiator })}</h1>
      <p>{t('invite.purpose', { purpose: session.purpose })}</p>
      <fieldset className="card screen">
        <legend>{t('invite.whoAreYou')}</legend>
        {invitees.map((participant) => (
          <Choice
            key={participant._id}
            participant={participant}
            session={session}
            selected={selected === participant._id}
            onSelect={() => {
              setSelected(participant._id);
              setMessage(null);
            }}
          />
        ))}
      </fieldset>
      <PlaceEmailField id="invite-email" value={email} onChange={setEmail} />
      <TermsCheckbox id="invite-terms" checked={termsAccepted} onChange={setTermsAccepted} />
      {message && (
        <p role="alert" className="notice notice-error">
          {message}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={askToDecline}>
          {t('invite.decline')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void accept()}>
          {busy ? t('invite.working') : t('invite.accept')}
        </button>
      </div>
      <ConfirmDialog
        open={confirmingDecline}
        title={t('invite.declineTitle')}
        message={t('invite.declineConfirm', { initiator: session.initiator })}
        confirm={t('invite.declineYes')}
        cancel={t('invite.declineNo')}
        onConfirm={() => void decline()}
        onCancel={() => setConfirmingDecline(false)}
      />
    </section>
  );
}

function Choice(props: { participant: SessionView['participants'][number]; session: SessionView; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('session');
  const { participant, session } = props;
  const heldHere = Boolean(sessionStore.participantToken(session._id, participant._id));
  const taken = participant.claimed && !heldHere;
  // A declined place takes no one any more.
  const declined = participant.status === 'declined';
  return (
    <label className="choice">
      <input type="radio" name="participant" value={participant._id} checked={props.selected} disabled={declined} onChange={props.onSelect} />
      <span>
        <strong>{participant.name}</strong> · {participant.email}
        {taken && <em> ({t('invite.taken')})</em>}
      </span>
      <StatusLabel status={participant.status} />
    </label>
  );
}
