import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PARTICIPANT_STATUSES, type ParticipantStatus, type VerificationReason } from '@idv/contracts';
import type { HydratedDocument } from 'mongoose';

export interface StoredResult {
  decidedAt: Date;
  reasons: VerificationReason[];
}

/** A participant of a session, in its own collection. */
@Schema({ collection: 'participants', versionKey: false, timestamps: { createdAt: false, updatedAt: true } })
export class Participant {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  sessionId!: string;

  /** Order in the session: 0 is the initiator. */
  @Prop({ required: true })
  position!: number;

  @Prop({ required: true })
  name!: string;

  @Prop({ required: true })
  email!: string;

  @Prop({ type: String, required: true, enum: PARTICIPANT_STATUSES, default: 'pending' })
  status!: ParticipantStatus;

  /** SHA-256 of the token of the browser that claimed this place; null while unclaimed. */
  @Prop({ type: String, default: null })
  tokenHash!: string | null;

  @Prop({ type: Object })
  result?: StoredResult;

  @Prop({ required: true })
  createdAt!: Date;

  @Prop({ required: true })
  deleteAt!: Date;
}

export type ParticipantDocument = HydratedDocument<Participant>;
export const ParticipantSchema = SchemaFactory.createForClass(Participant);
