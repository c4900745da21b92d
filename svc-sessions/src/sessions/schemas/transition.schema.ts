import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { VerificationReason } from '@idv/contracts';

/**
 * What can change, once each: a place is claimed, released or moved to another device; the person
 * holding it accepts the terms after claiming only to decline; the participant responds (submits,
 * declines, or is cancelled while pending); a submission is decided; a session is cancelled; a
 * handoff code is offered; a claim with the wrong e-mail address is counted against its client.
 * What each kind is kept under: record-subjects.ts.
 */
export type TransitionKind = 'claim' | 'respond' | 'decide' | 'cancel' | 'consent' | 'handoff' | 'move' | 'claim-miss' | 'release';

export interface StoredResult {
  decidedAt: Date;
  reasons: VerificationReason[];
}

/**
 * A state change, recorded once and never updated: `_id` is `<kind>:<subject>` (record-subjects.ts),
 * so of two concurrent attempts exactly one insert succeeds and the other gets a duplicate key.
 * Every state is read from these records by `_id`: sessions and participants themselves are
 * written once, at creation. Why: the only operations that cost the same at any
 * size on both MongoDB and FerretDB are a look-up, update or delete by `_id` alone and an insert;
 * a conditional update (`{_id, status}`) scans on FerretDB and is not atomic there.
 */
@Schema({ collection: 'participant_transitions', versionKey: false })
export class Transition {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  sessionId!: string;

  /** The state it moved to ('submitted', 'declined', 'verified', 'failed', 'cancelled'), or 'claimed'. */
  @Prop({ required: true })
  to!: string;

  /**
   * claim: SHA-256 of the token of the browser that claimed the place; move: of the token it moved
   * to; handoff: of the token that held the place when the code was offered.
   */
  @Prop({ type: String })
  tokenHash?: string;

  /** claim: the person accepted the terms of service with the claim (false: claimed to decline). */
  @Prop({ type: Boolean })
  termsAccepted?: boolean;

  /** handoff: the place it moves. */
  @Prop({ type: String })
  participantId?: string;

  /** handoff: the code is refused from then on. */
  @Prop({ type: Date })
  expiresAt?: Date;

  /** decide: the verification result. */
  @Prop({ type: Object })
  result?: StoredResult;

  /** cancel: the initiator's reason, if given. */
  @Prop({ type: String })
  reason?: string;

  /** respond: made by a call with an `Idempotency-Key`, this digest of it (idempotency.ts), so that its repeat is recognised. */
  @Prop({ type: String })
  requestKey?: string;

  @Prop({ required: true })
  createdAt!: Date;

  @Prop({ required: true })
  deleteAt!: Date;
}

export const TransitionSchema = SchemaFactory.createForClass(Transition);
