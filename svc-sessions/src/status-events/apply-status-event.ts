import type { VerificationStatusEvent } from '@idv/contracts';
import type { ParticipantLifecycle } from '../sessions/participant-lifecycle.service';
import type { SessionStore } from '../sessions/session-store';

/**
 * Applies a verification result to a `submitted` participant, once: the decision is an insert of
 * the participant's `decide` record, so the first decision recorded is the only one. A duplicate
 * or contradicting later event, a cancelled session (its cancellation recorded `decide` as
 * cancelled or makes the participant read as cancelled), a final status and the result of an
 * attempt older than the participant's current one never move it.
 * Returns whether the participant changed.
 */
export async function applyStatusEvent(store: SessionStore, lifecycle: ParticipantLifecycle, event: VerificationStatusEvent): Promise<boolean> {
  const session = await store.session(event.sessionId);
  const participant = session && (await store.participant(session, event.participantId));
  if (!session || !participant) return false;
  // The result of an older attempt: the participant has tried again since (or its deadline passed).
  if ((event.attempt ?? 1) !== participant.attempt) return false;
  const result = { decidedAt: new Date(event.decidedAt), reasons: event.reasons };
  return (await lifecycle.apply(session, participant, event.decision, 'verification', { result })) === 'applied';
}
