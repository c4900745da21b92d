import type { ParticipantStatus, SessionStatus } from '@idv/contracts';

export interface StatusInput {
  isCancelled: boolean;
  expiresAt: Date;
  participants: { status: ParticipantStatus; claimed: boolean }[];
}

const FINAL_FOR_STATUS: ParticipantStatus[] = ['verified', 'failed', 'declined'];
const HAS_SUBMITTED: ParticipantStatus[] = ['submitted', 'verified', 'failed'];

/** The session status of decisions.md ("States"): the first rule that holds. */
export function deriveSessionStatus(session: StatusInput, now: Date): SessionStatus {
  const { participants } = session;
  if (session.isCancelled) return 'cancelled';
  const allFinal = participants.every((p) => FINAL_FOR_STATUS.includes(p.status));
  const verified = participants.filter((p) => p.status === 'verified').length;
  const failed = participants.filter((p) => p.status === 'failed').length;
  if (allFinal && failed === 0 && verified >= 2) return 'completed';
  if (allFinal) return 'failed';
  if (now.getTime() >= session.expiresAt.getTime()) return 'expired';
  if (participants.some((p) => HAS_SUBMITTED.includes(p.status))) return 'in_progress';
  if (participants.every((p) => p.claimed)) return 'ready';
  return 'waiting_for_participants';
}
