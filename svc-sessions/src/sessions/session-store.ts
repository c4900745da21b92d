import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ParticipantTransitions } from './participant-transitions';
import { Participant } from './schemas/participant.schema';
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
    @InjectModel(Participant.name) private readonly participants: Model<Participant>,
    private readonly transitions: ParticipantTransitions,
  ) {}

  async session(sessionId: string): Promise<SessionState | undefined> {
    const [session, cancel] = await Promise.all([this.sessions.findById(sessionId).lean(), this.transitions.recorded('cancel', sessionId)]);
    return session ? sessionState(session, cancel) : undefined;
  }

  /** The participant, if it belongs to this session. */
  async participant(session: SessionState, participantId: string): Promise<ParticipantState | undefined> {
    const [participant, claim, respond, decide] = await Promise.all([
      this.participants.findById(participantId).lean(),
      this.transitions.recorded('claim', participantId),
      this.transitions.recorded('respond', participantId),
      this.transitions.recorded('decide', participantId),
    ]);
    if (!participant || participant.sessionId !== session._id) return undefined;
    return participantState(participant, session, { claim, respond, decide });
  }

  /** The session with its participants in order (initiator first). */
  async record(sessionId: string): Promise<SessionRecord | undefined> {
    const session = await this.session(sessionId);
    if (!session) return undefined;
    const participants = await Promise.all(session.participantIds.map((id) => this.participant(session, id)));
    return { session, participants: participants.filter((p): p is ParticipantState => p !== undefined) };
  }
}
