import type { VerificationStatusEvent } from '@idv/contracts';
import type { Model } from 'mongoose';
import type { ParticipantTransitions } from '../sessions/participant-transitions';
import type { Participant } from '../sessions/schemas/participant.schema';

/**
 * Applies a verification result to a `submitted` participant, once. The first decision recorded
 * for a participant is the only one: a duplicate is applied again harmlessly (which also completes
 * a change interrupted by a crash), a contradicting later one is ignored, and a final status or a
 * cancellation never moves. Returns whether the participant changed.
 */
export async function applyStatusEvent(
  participants: Model<Participant>,
  transitions: ParticipantTransitions,
  event: VerificationStatusEvent,
): Promise<boolean> {
  // By `_id` only: the one lookup FerretDB pushes down (see Session.participantIds).
  const participant = await participants.findById(event.participantId).lean();
  if (!participant || participant.sessionId !== event.sessionId || participant.status !== 'submitted') return false;
  const first = await transitions.acquire('decide', participant, event.decision);
  if (!first && (await transitions.recorded('decide', participant._id)) !== event.decision) return false;
  const result = await participants.updateOne(
    { _id: event.participantId, status: 'submitted' },
    { $set: { status: event.decision, result: { decidedAt: new Date(event.decidedAt), reasons: event.reasons } } },
  );
  return result.modifiedCount === 1;
}
