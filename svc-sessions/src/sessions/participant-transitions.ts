import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { readById } from './read-by-id';
import { recordId } from './record-subjects';
import { Transition, type TransitionKind } from './schemas/transition.schema';
import { isDuplicateKeyError } from './duplicate-key';

/** What a transition is about: a participant, or for 'cancel' the session. */
export interface TransitionSubject {
  _id: string;
  sessionId: string;
  deleteAt: Date;
}

export type TransitionDetails = Pick<Transition, 'tokenHash' | 'termsAccepted' | 'result' | 'reason' | 'participantId' | 'expiresAt' | 'requestKey'>;

/** Exactly-once state changes, on MongoDB and FerretDB alike: inserts of a deterministic `_id` (record-subjects.ts). */
@Injectable()
export class ParticipantTransitions {
  constructor(
    @InjectModel(Transition.name) private readonly transitions: Model<Transition>,
    private readonly clock: Clock,
  ) {}

  /** Records the change; false when one of this kind was already recorded for the subject. */
  async acquire(kind: TransitionKind, subject: TransitionSubject, to: string, details: TransitionDetails = {}): Promise<boolean> {
    try {
      await this.transitions.create({
        _id: recordId(kind, subject._id),
        sessionId: subject.sessionId,
        to,
        ...details,
        createdAt: this.clock.now(),
        deleteAt: subject.deleteAt,
      });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** The change of this kind recorded for the subject, if there is one. */
  async recorded(kind: TransitionKind, subjectId: string): Promise<Transition | undefined> {
    return readById(this.transitions, recordId(kind, subjectId));
  }
}
