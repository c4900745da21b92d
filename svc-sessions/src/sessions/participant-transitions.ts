import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Clock } from '../clock/clock';
import type { Participant } from './schemas/participant.schema';
import { Transition, type TransitionKind } from './schemas/transition.schema';

const DUPLICATE_KEY = 11000;

/** Exactly-once participant state changes, on MongoDB and FerretDB alike (see Transition). */
@Injectable()
export class ParticipantTransitions {
  constructor(
    @InjectModel(Transition.name) private readonly transitions: Model<Transition>,
    private readonly clock: Clock,
  ) {}

  /** Records the change; false when one of this kind was already recorded for the participant. */
  async acquire(kind: TransitionKind, participant: Pick<Participant, '_id' | 'sessionId' | 'deleteAt'>, to: string): Promise<boolean> {
    try {
      await this.transitions.create({
        _id: `${kind}:${participant._id}`,
        sessionId: participant.sessionId,
        to,
        createdAt: this.clock.now(),
        deleteAt: participant.deleteAt,
      });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  /** Where an earlier change of this kind went, if there was one. */
  async recorded(kind: TransitionKind, participantId: string): Promise<string | undefined> {
    return (await this.transitions.findById(`${kind}:${participantId}`).lean())?.to;
  }
}
