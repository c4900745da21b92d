import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

export type TransitionKind = 'claim' | 'respond' | 'decide';

/**
 * A participant state change, recorded once: `_id` is `<kind>:<participantId>`, so of two
 * concurrent attempts exactly one insert succeeds. A conditional update is not enough here:
 * FerretDB 1.24 does not apply `updateOne({ status: 'pending' }, …)` atomically under
 * concurrency, and transactions are not available on it.
 */
@Schema({ collection: 'participant_transitions', versionKey: false })
export class Transition {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  sessionId!: string;

  /** The state it moved to ('submitted', 'declined', 'verified', 'failed'), or 'claimed'. */
  @Prop({ required: true })
  to!: string;

  @Prop({ required: true })
  createdAt!: Date;

  @Prop({ required: true })
  deleteAt!: Date;
}

export type TransitionDocument = HydratedDocument<Transition>;
export const TransitionSchema = SchemaFactory.createForClass(Transition);
