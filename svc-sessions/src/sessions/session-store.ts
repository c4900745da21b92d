import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ParticipantTransitions } from './participant-transitions';
import { readById } from './read-by-id';
import { Session } from './schemas/session.schema';
import { type ParticipantState, type SessionRecord, type SessionState, participantState, sessionState } from './session-state';

/**
 * Reads sessions and participants as they are now. Every read is by `_id` alone: the one look-up
 * that costs the same at any size on MongoDB and on the embedded FerretDB (docs/decisions.md).
 */
@Injectable()
export class SessionStore {
  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    private readonly transitions: ParticipantTransitions,
  ) {}

  async session(sessionId: string): Promise<SessionState | undefined> {
    const [session, cancel] = await Promise.all([readById(this.sessions, sessionId), this.transitions.recorded('cancel', sessionId)]);
    return session ? sessionState(session, cancel) : undefined;
  }

  /**
   * The participant, if it is in this session. Only the records that can exist are read: the
   * initiator claims nothing, and only a submission can be decided.
   */
  async participant(session: SessionState, participantId: string): Promise<ParticipantState | undefined> {
    const participant = session.participants.find((p) => p._id === participantId);
    if (!participant) return undefined;
    const [claim, respond] = await Promise.all([
      participantId === session.initiatorParticipantId ? undefined : this.transitions.recorded('claim', participantId),
      this.transitions.recorded('respond', participantId),
    ]);
    const decide = respond?.to === 'submitted' ? await this.transitions.recorded('decide', participantId) : undefined;
    return participantState(participant, session, { claim, respond, decide });
  }

  /** The session's participants in order (initiator first), as their records say now. */
  async participants(session: SessionState): Promise<ParticipantState[]> {
    const participants = await Promise.all(session.participants.map((p) => this.participant(session, p._id)));
    return participants.filter((p): p is ParticipantState => p !== undefined);
  }

  /** The session with its participants. */
  async record(sessionId: string): Promise<SessionRecord | undefined> {
    const session = await this.session(sessionId);
    return session && { session, participants: await this.participants(session) };
  }
}
