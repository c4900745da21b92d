import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A participant, inside its session's document: written once, with the session. Its state
 * (claimed, responded, decided) lives in its transition records (see Transition).
 */
@Schema({ _id: false, versionKey: false })
export class Participant {
  @Prop({ type: String, required: true })
  _id!: string;

  /** Order in the session: 0 is the initiator. */
  @Prop({ required: true })
  position!: number;

  @Prop({ required: true })
  name!: string;

  @Prop({ required: true })
  email!: string;
}

export const ParticipantSchema = SchemaFactory.createForClass(Participant);
