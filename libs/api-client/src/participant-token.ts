import type { SessionView } from '@idv/contracts';
import { api } from './api-client';
import { ApiCallError } from './api-error';
import { sessionStore } from './session-storage';

type SessionIds = Pick<SessionView, '_id' | 'initiatorParticipantId'>;

/** The token this browser holds for a participant: its own, or the initiator's for the initiator's place. */
export function heldToken(session: SessionIds, participantId: string): string | undefined {
  const own = sessionStore.participantToken(session._id, participantId);
  if (own) return own;
  return participantId === session.initiatorParticipantId ? sessionStore.initiatorToken(session._id) : undefined;
}

/**
 * Claims a participant's place for this browser (presenting any token it already holds) and keeps
 * the token. `email`: the address the initiator entered for the place, which a place not yet held
 * here needs. `termsAccepted` is false only when the place is claimed to decline the invitation.
 */
export async function claimPlace(session: SessionIds, participantId: string, request: { email?: string; termsAccepted: boolean }): Promise<string> {
  try {
    const { participantToken } = await api.claimParticipant(session._id, participantId, request, heldToken(session, participantId));
    sessionStore.setParticipantToken(session._id, participantId, participantToken);
    return participantToken;
  } catch (error) {
    // The initiator released the place: the token kept here is spent. Forgotten, so that the next
    // try claims the place anew with its e-mail address (the screen says so), not with it again.
    if (error instanceof ApiCallError && error.code === 'place_released') sessionStore.forgetPlace(session._id, participantId, false);
    throw error;
  }
}

/** Whether this browser (tab) is the initiator's: it chose the initiator's place or holds the initiator token. */
export function viewerIsInitiator(session: SessionIds): boolean {
  if (sessionStore.initiatorToken(session._id)) return true;
  return sessionStore.chosenParticipant(session._id)?._id === session.initiatorParticipantId;
}

/** A session id the gateway does not know (or could not be one). */
export function isSessionNotFound(error: unknown): boolean {
  return error instanceof ApiCallError && (error.code === 'session_not_found' || error.code === 'validation_failed');
}

/** The token acting for a place held it until a handoff moved the place to another device. */
export function isPlaceMoved(error: unknown): boolean {
  return error instanceof ApiCallError && error.code === 'place_moved';
}
