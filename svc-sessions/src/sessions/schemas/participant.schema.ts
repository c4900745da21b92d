import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

/**
 * A participant of a session, in its own collection, written once at creation. Its state (claimed,
 * responded, decided) lives in its transition records (see Transition).
 */
@Schema({ collection: 'participants', versionKey: false })
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

  @Prop({ required: true })
  createdAt!: Date;

  @Prop({ required: true })
  deleteAt!: Date;
}

export type ParticipantDocument = HydratedDocument<Participant>;
export const ParticipantSchema = SchemaFactory.createForClass(Participant);
