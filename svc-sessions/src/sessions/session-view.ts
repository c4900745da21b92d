import type { SessionView } from '@idv/contracts';
import type { ParticipantState, SessionState } from './session-state';
import { deriveSessionStatus } from './session-status';

/**
 * `ana@example.com` -> `a***@e***.com`: enough for a person to see which place is theirs, little
 * for a stranger to guess from, since the address is what claims the place (ClaimEmailCheck).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const dot = email.lastIndexOf('.');
  if (at <= 0 || dot < at + 2) return '***';
  return `${email.slice(0, 1)}***@${email.slice(at + 1, at + 2)}***${email.slice(dot)}`;
}

/** What the API shows of a session; e-mails only to the initiator. */
export function toSessionView(
  session: SessionState,
  participants: ParticipantState[],
  options: { now: Date; revealEmails: boolean; appUrl: string; maxAttempts: number },
): SessionView {
  const ordered = [...participants].sort((a, b) => a.position - b.position);
  const view: SessionView = {
    _id: session._id,
    initiator: session.initiator,
    initiatorParticipantId: session.initiatorParticipantId,
    participants: ordered.map((p) => ({
      _id: p._id,
      name: p.name,
      email: options.revealEmails ? p.email : maskEmail(p.email),
      status: p.status,
      claimed: p.tokenHash !== null,
      ...(p.result ? { result: { decidedAt: new Date(p.result.decidedAt).toISOString(), reasons: p.result.reasons } } : {}),
      attempt: p.attempt,
      attemptsLeft: Math.max(0, options.maxAttempts - p.attempt),
    })),
    purpose: session.purpose,
    status: deriveSessionStatus(
      {
        isCancelled: session.isCancelled,
        expiresAt: session.expiresAt,
        participants: ordered.map((p) => ({ status: p.status, claimed: p.tokenHash !== null })),
      },
      options.now,
    ),
    shareableUrl: `${options.appUrl.replace(/\/$/, '')}/invite/${session._id}`,
    isCancelled: session.isCancelled,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
  if (session.cancelReason) view.cancelReason = session.cancelReason;
  return view;
}
