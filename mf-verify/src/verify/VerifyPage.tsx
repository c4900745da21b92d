import { type ChosenParticipant, sessionStore } from '@idv/api-client';
import { canTryAgain } from '@idv/contracts';
import { LoadFailed, SessionNotFound, useSession } from '@idv/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { IdentityPicker } from './IdentityPicker';
import { VerificationForm } from './VerificationForm';

/** /verify/:id: who is verifying, then the form. */
export function VerifyPage() {
  const { t } = useTranslation(['verify', 'common']);
  const id = useParams().id ?? '';
  const { state, retry } = useSession(id, sessionStore.initiatorToken(id));
  const [chosen, setChosen] = useState<ChosenParticipant | undefined>(() => sessionStore.chosenParticipant(id));

  if (state.kind === 'loading') return <p role="status">{t('common:loading')}</p>;
  if (state.kind === 'not-found') return <SessionNotFound />;
  if (state.kind === 'error') return <LoadFailed error={state.error} onRetry={retry} />;
  const { session } = state;
  if (session.isCancelled) return <Navigate to={`/results/${session._id}`} replace />;

  const participant = chosen && session.participants.find((p) => p._id === chosen._id);
  if (!participant && session.participants.length > 1) return <IdentityPicker session={session} onChosen={setChosen} />;
  // This tab's participant already acted: show where that led instead of a form that cannot be sent.
  if (participant?.status === 'declined') return <Navigate to={`/rejected/${session._id}`} replace />;
  // Unless it failed for reasons a new attempt can fix: then the form again, for the next attempt.
  if (participant && participant.status !== 'pending' && !canTryAgain(participant)) return <Navigate to={`/waiting/${session._id}`} replace />;
  return <VerificationForm session={session} chosen={participant ? chosen : undefined} />;
}
