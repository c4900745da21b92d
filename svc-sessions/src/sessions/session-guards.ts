import { SESSION_CANCELLED_MESSAGE } from '@idv/contracts';
import { serviceError } from '../errors/service-error';
import { tokenMatches } from './ids';
import type { ParticipantState, SessionState } from './session-state';

/** Cancelled or expired sessions refuse claims, declines and submissions. */
export function assertSessionOpen(session: SessionState, now: Date): void {
  if (session.isCancelled) throw serviceError('session_cancelled', SESSION_CANCELLED_MESSAGE);
  if (now.getTime() >= session.expiresAt.getTime()) throw serviceError('session_expired', 'Session has expired');
}

/** The token must be the one that claimed this participant (the initiator's, for the initiator). */
export function assertTokenFor(token: string, participant: ParticipantState): void {
  if (!tokenMatches(token, participant.tokenHash)) throw serviceError('invalid_token', 'This token does not belong to that participant');
}
