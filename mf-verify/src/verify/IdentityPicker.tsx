import { type ChosenParticipant, claimPlace, commonErrorKey, heldToken, sessionStore } from '@idv/api-client';
import type { SessionView } from '@idv/contracts';
import { PlaceEmailField, StatusLabel, TermsCheckbox } from '@idv/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Which participant are you?": choosing one claims that place for this browser and remembers it
 * for the tab. Like the invite page, it needs the terms accepted first (every party consents) and,
 * for a place this browser does not hold yet, the e-mail address the initiator entered for it.
 */
export function IdentityPicker({ session, onChosen }: { session: SessionView; onChosen: (participant: ChosenParticipant) => void }) {
  const { t } = useTranslation(['verify', 'common']);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [email, setEmail] = useState('');

  const choose = async (participant: SessionView['participants'][number]) => {
    const held = heldToken(session, participant._id) !== undefined;
    if (!held && !email.trim()) return setMessage(t('claim:emailRequired'));
    if (!termsAccepted) return setMessage(t('verify.termsRequired'));
    setBusy(participant._id);
    setMessage(null);
    try {
      await claimPlace(session, participant._id, { ...(held ? {} : { email: email.trim() }), termsAccepted: true });
      const chosen = { _id: participant._id, name: participant.name };
      sessionStore.setChosenParticipant(session._id, chosen);
      onChosen(chosen);
    } catch (error) {
      setMessage(t(commonErrorKey(error)));
      setBusy(null);
    }
  };

  return (
    <section className="screen" aria-labelledby="pick-title">
      <h1 id="pick-title">{t('verify.pickTitle')}</h1>
      <p>{t('verify.pickIntro')}</p>
      <ul className="people">
        {session.participants.map((participant) => (
          <li key={participant._id}>
            <button type="button" className="link-button" disabled={busy !== null} onClick={() => void choose(participant)}>
              {participant.name} · {participant.email}
            </button>
            <StatusLabel status={participant.status} />
          </li>
        ))}
      </ul>
      <PlaceEmailField id="pick-email" value={email} onChange={setEmail} />
      <TermsCheckbox id="pick-terms" checked={termsAccepted} onChange={setTermsAccepted} />
      {busy && <p role="status">{t('verify.picking')}</p>}
      {message && (
        <p role="alert" className="notice notice-error">
          {message}
        </p>
      )}
    </section>
  );
}
