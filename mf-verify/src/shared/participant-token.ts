import { sessionStore } from '@idv/api-client';
import type { SessionView } from '@idv/contracts';

/** The token this browser holds for a participant: its own, or the initiator's for the initiator's place. */
export function tokenFor(session: Pick<SessionView, '_id' | 'initiatorParticipantId'>, participantId: string): string | undefined {
  const own = sessionStore.participantToken(session._id, participantId);
  if (own) return own;
  return participantId === session.initiatorParticipantId ? sessionStore.initiatorToken(session._id) : undefined;
}

/** Whether this browser (tab) is the initiator's: it chose the initiator's place or holds the initiator token. */
export function viewerIsInitiator(session: Pick<SessionView, '_id' | 'initiatorParticipantId'>): boolean {
  if (sessionStore.initiatorToken(session._id)) return true;
  return sessionStore.chosenParticipant(session._id)?._id === session.initiatorParticipantId;
}
