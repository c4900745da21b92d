import { type ChosenParticipant, sessionStore } from '@idv/api-client';
import { canTryAgain } from '@idv/contracts';
import { SessionUnavailable, useSession } from '@idv/ui';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { IdentityPicker } from './IdentityPicker';
import { VerificationForm } from './VerificationForm';

/** /verify/:id: who is verifying, then the form. */
export function VerifyPage() {
  const id = useParams().id ?? '';
  const read = useSession(id, { token: sessionStore.initiatorToken(id) });
  const [chosen, setChosen] = useState<ChosenParticipant | undefined>(() => sessionStore.chosenParticipant(id));

  const { session } = read;
  if (!session) return <SessionUnavailable read={read} />;
  if (session.isCancelled) return <Navigate to={`/results/${session._id}`} replace />;

  const participant = chosen && session.participants.find((p) => p._id === chosen._id);
  if (!participant && session.participants.length > 1) return <IdentityPicker session={session} onChosen={setChosen} />;
  // This tab's participant already acted: show where that led instead of a form that cannot be sent.
  if (participant?.status === 'declined') return <Navigate to={`/rejected/${session._id}`} replace />;
  // Unless it failed for reasons a new attempt can fix: then the form again, for the next attempt.
  if (participant && participant.status !== 'pending' && !canTryAgain(participant)) return <Navigate to={`/waiting/${session._id}`} replace />;
  return <VerificationForm session={session} chosen={participant ? chosen : undefined} />;
}
