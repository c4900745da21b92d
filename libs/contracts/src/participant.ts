export const PARTICIPANT_STATUSES = ['pending', 'submitted', 'verified', 'failed', 'declined', 'cancelled'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** The waiting page moves on to results once every participant is in one of these. */
export const WAITING_ENDS_STATUSES: readonly ParticipantStatus[] = ['verified', 'failed', 'declined', 'submitted'];

/**
 * The waiting page's rule (docs/product.md, "Screens", `/waiting`): it ends when the session is cancelled or when every
 * participant has submitted or is final. An expired session never moves again, so it ends waiting too.
 */
export function waitingIsOver(session: { isCancelled: boolean; status: string; participants: readonly { status: ParticipantStatus }[] }): boolean {
  if (session.isCancelled || session.status === 'expired') return true;
  return session.participants.every((p) => WAITING_ENDS_STATUSES.includes(p.status));
}

/** Results keep refreshing while a submission is still being checked. */
export function resultsArePending(session: { isCancelled: boolean; status?: string; participants: readonly { status: ParticipantStatus }[] }): boolean {
  // An expired session takes no more results (decisions.md): nothing is pending there any more.
  return !session.isCancelled && session.status !== 'expired' && session.participants.some((p) => p.status === 'submitted');
}

/**
 * The participant may submit again in the same session: the check failed only for reasons a new
 * photo or a corrected name can fix (every reason retryable), and attempts are left.
 */
export function canTryAgain(participant: {
  status: ParticipantStatus;
  attemptsLeft?: number;
  result?: { reasons: readonly { retryable: boolean }[] };
}): boolean {
  return (
    participant.status === 'failed' &&
    (participant.attemptsLeft ?? 0) > 0 &&
    participant.result !== undefined &&
    participant.result.reasons.length > 0 &&
    participant.result.reasons.every((reason) => reason.retryable)
  );
}

/**
 * The results page keeps following the session while a check runs, while someone has not submitted
 * yet, or while someone may still try again (their retry would bring the session back in progress).
 */
export function resultsMayChange(session: {
  isCancelled: boolean;
  status?: string;
  participants: readonly { status: ParticipantStatus; attemptsLeft?: number; result?: { reasons: readonly { retryable: boolean }[] } }[];
}): boolean {
  if (session.isCancelled || session.status === 'expired') return false;
  return resultsArePending(session) || session.participants.some((p) => p.status === 'pending' || canTryAgain(p));
}
