import { SESSION_CANCELLED_MESSAGE } from '@idv/contracts';
import { serviceError } from '../errors/service-error';
import type { ParticipantState, SessionState } from './session-state';

/** Cancelled or expired sessions refuse claims, declines and submissions. */
export function assertSessionOpen(session: SessionState, now: Date): void {
  if (session.isCancelled) throw serviceError('session_cancelled', SESSION_CANCELLED_MESSAGE);
  if (now.getTime() >= session.expiresAt.getTime()) throw serviceError('session_expired', 'Session has expired');
}

/**
 * A failed participant may submit again only when every reason is one a new attempt can fix and
 * attempts are left: final reasons (an expired document, a name that is not the invited person's)
 * and a spent allowance are refused with their own codes.
 */
export function assertMayTryAgain(participant: ParticipantState, attemptsLeft: number): void {
  if (!participant.result?.reasons.every((reason) => reason.retryable)) {
    throw serviceError('not_retryable', 'This verification failed for a reason that trying again cannot change');
  }
  if (attemptsLeft <= 0) throw serviceError('attempts_exhausted', 'No attempts are left for this participant');
}

/**
 * The participant's next submission would be taken: they have not submitted, or they failed and may
 * try again. Otherwise the refusal that submission would get.
 */
export function assertMaySubmit(participant: ParticipantState, attemptsLeft: number): void {
  switch (participant.status) {
    case 'pending':
      return;
    case 'failed':
      return assertMayTryAgain(participant, attemptsLeft);
    case 'cancelled':
      throw serviceError('session_cancelled', SESSION_CANCELLED_MESSAGE);
    case 'declined':
      throw serviceError('participant_not_pending', 'This participant has already responded');
    default:
      throw serviceError('already_submitted', 'A verification has already been submitted for this participant');
  }
}
