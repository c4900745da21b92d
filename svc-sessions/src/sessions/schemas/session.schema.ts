import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type Participant, ParticipantSchema } from './participant.schema';

/**
 * A session, written once at creation: its `_id` is the 12-character Crockford base32 join code.
 * Whether it was cancelled is its `cancel:<id>` transition record (see Transition).
 */
@Schema({ collection: 'sessions', versionKey: false })
export class Session {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  initiator!: string;

  @Prop({ required: true })
  initiatorParticipantId!: string;

  /**
   * The participants in order (initiator first), in the session's own document: one read by `_id`
   * gives the session and everyone in it.
   */
  @Prop({ type: [ParticipantSchema], required: true })
  participants!: Participant[];

  /** SHA-256 of the initiator token; the token itself is never stored. */
  @Prop({ required: true })
  initiatorTokenHash!: string;

  @Prop({ required: true })
  purpose!: string;

  @Prop({ required: true })
  createdAt!: Date;

  /** When the initiator accepted the terms of service (creating a session requires it). */
  @Prop({ type: Date })
  termsAcceptedAt?: Date;

  /** Not final by then: expired (no more claims or submissions). */
  @Prop({ required: true })
  expiresAt!: Date;

  /** Deleted by then (retention). */
  @Prop({ required: true })
  deleteAt!: Date;
}

export const SessionSchema = SchemaFactory.createForClass(Session);
