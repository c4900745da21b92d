import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  type BeginVerificationReply,
  type ClaimParticipantResponse,
  type CreateSessionResponse,
  LIMITS,
  type SessionView,
  parseCancelSessionRequest,
  parseCreateSessionRequest,
} from '@idv/contracts';
import type { Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { NOT_FOUND_MESSAGE, serviceError, validationError } from '../errors/service-error';
import { ParticipantTransitions } from './participant-transitions';
import { SessionReadCache, type SessionRecord } from './session-read-cache';
import { hashToken, newParticipantId, newSessionId, newToken, tokenMatches } from './ids';
import { Participant } from './schemas/participant.schema';
import { Session } from './schemas/session.schema';
import { assertSessionOpen, assertTokenFor } from './session-guards';
import { toSessionView } from './session-view';
import { readOptionalToken, readParticipantId, readPayload, readRequiredToken, readSessionId } from './sessions-payloads';

const DAY_MS = 24 * 60 * 60 * 1000;
const DUPLICATE_KEY = 11000;

/** The use cases of sessions and participants. Every rule is enforced here, on the server. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @InjectModel(Participant.name) private readonly participants: Model<Participant>,
    private readonly clock: Clock,
    private readonly transitions: ParticipantTransitions,
    private readonly cache: SessionReadCache,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  async create(payload: unknown): Promise<CreateSessionResponse> {
    const request = parseCreateSessionRequest(payload);
    if (!request.ok) throw validationError(request.fields);
    const { initiator, participants, purpose } = request.value;
    const now = this.clock.now();
    const initiatorToken = newToken();
    const initiatorTokenHash = hashToken(initiatorToken);
    const participantIds = participants.map(() => newParticipantId());
    const deleteAt = new Date(now.getTime() + LIMITS.retentionDays * DAY_MS);

    for (let attempt = 0; ; attempt++) {
      const sessionId = newSessionId();
      try {
        await this.sessions.create({
          _id: sessionId,
          initiator,
          initiatorParticipantId: participantIds[0],
          participantIds,
          initiatorTokenHash,
          purpose,
          isCancelled: false,
          createdAt: now,
          expiresAt: new Date(now.getTime() + LIMITS.sessionExpiryDays * DAY_MS),
          deleteAt,
        });
      } catch (error) {
        // 60 random bits rarely collide; when they do, draw another id.
        if ((error as { code?: number }).code === DUPLICATE_KEY && attempt < 3) continue;
        throw error;
      }
      await this.participants.insertMany(
        participants.map((p, position) => ({
          _id: participantIds[position],
          sessionId,
          position,
          name: p.name,
          email: p.email,
          status: 'pending',
          // The initiator's own place is claimed by the initiator token.
          tokenHash: position === 0 ? initiatorTokenHash : null,
          createdAt: now,
          deleteAt,
        })),
      );
      return { session: await this.view(sessionId, initiatorToken), initiatorToken };
    }
  }

  async get(payload: unknown): Promise<SessionView> {
    const fields = readPayload(payload);
    const sessionId = readSessionId(fields);
    const record = await this.cache.read(sessionId, () => this.loadRecord(sessionId));
    if (!record) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    return this.toView(record, readOptionalToken(fields));
  }

  async claim(payload: unknown): Promise<ClaimParticipantResponse> {
    const fields = readPayload(payload);
    const token = readOptionalToken(fields);
    const { sessionId, participantId, session, participant } = await this.openParticipant(fields);

    // The browser that holds this place (or the initiator for their own) gets it again.
    if (token && tokenMatches(token, participant.tokenHash)) return { participantToken: token };
    if (participant.status !== 'pending') throw serviceError('participant_not_pending', 'This participant has already responded');

    const participantToken = newToken();
    if (participant.tokenHash === null && (await this.transitions.acquire('claim', participant, 'claimed'))) {
      await this.participants.updateOne({ _id: participantId }, { $set: { tokenHash: hashToken(participantToken) } });
      await this.cache.changed(sessionId);
      return { participantToken };
    }

    const others = (await this.loadParticipants(session)).filter((p) => p._id !== session.initiatorParticipantId);
    if (others.every((p) => p.tokenHash !== null)) {
      throw serviceError('session_full', 'Session is full. Maximum 2 participants allowed.');
    }
    throw serviceError('participant_already_claimed', 'This participant has already been claimed on another device');
  }

  async cancel(payload: unknown): Promise<SessionView> {
    const fields = readPayload(payload);
    const sessionId = readSessionId(fields);
    const token = readRequiredToken(fields);
    const body = parseCancelSessionRequest({ initiatorId: fields['initiatorId'], reason: fields['reason'] });
    if (!body.ok) throw validationError(body.fields);
    const session = await this.findSession(sessionId);
    if (!tokenMatches(token, session.initiatorTokenHash) || body.value.initiatorId !== session.initiatorParticipantId) {
      throw serviceError('invalid_token', 'Only the initiator can cancel this session');
    }
    if (!session.isCancelled) {
      await this.sessions.updateOne({ _id: sessionId, isCancelled: false }, { $set: { isCancelled: true, cancelReason: body.value.reason } });
      await Promise.all(
        session.participantIds.map((_id) =>
          this.participants.updateOne({ _id, status: { $in: ['pending', 'submitted'] } }, { $set: { status: 'cancelled' } }),
        ),
      );
      await this.cache.changed(sessionId);
    }
    return this.view(sessionId, token);
  }

  async decline(payload: unknown): Promise<SessionView> {
    const fields = readPayload(payload);
    const token = readRequiredToken(fields);
    const { sessionId, participantId, session, participant } = await this.openParticipant(fields);
    if (participantId === session.initiatorParticipantId) {
      throw serviceError('initiator_cannot_decline', 'Initiator cannot reject the invitation. Use cancel session instead.');
    }
    assertTokenFor(token, participant);
    if (participant.status !== 'pending' || !(await this.transitions.acquire('respond', participant, 'declined'))) {
      throw serviceError('participant_not_pending', 'This participant has already responded');
    }
    await this.participants.updateOne({ _id: participantId, status: 'pending' }, { $set: { status: 'declined' } });
    await this.cache.changed(sessionId);
    return this.view(sessionId);
  }

  /** A submission arrived at svc-verification: check token and states, then mark `submitted` (exactly once). */
  async beginVerification(payload: unknown): Promise<BeginVerificationReply> {
    const fields = readPayload(payload);
    const token = readRequiredToken(fields);
    const { sessionId, participantId, participant } = await this.openParticipant(fields);
    assertTokenFor(token, participant);
    if (participant.status === 'pending' && (await this.transitions.acquire('respond', participant, 'submitted'))) {
      await this.participants.updateOne({ _id: participantId, status: 'pending' }, { $set: { status: 'submitted' } });
      await this.cache.changed(sessionId);
      return { accepted: true, invitedName: participant.name };
    }
    const responded = participant.status === 'pending' ? await this.transitions.recorded('respond', participantId) : participant.status;
    if (responded === 'cancelled') throw serviceError('session_cancelled', 'Session has been cancelled');
    if (responded === 'submitted' || responded === 'verified' || responded === 'failed') {
      throw serviceError('already_submitted', 'A verification has already been submitted for this participant');
    }
    throw serviceError('participant_not_pending', 'This participant has already responded');
  }

  /**
   * The session and participant a participant action names, read from the database: both must
   * exist and the session must be open (not cancelled, not expired).
   */
  private async openParticipant(fields: Record<string, unknown>) {
    const sessionId = readSessionId(fields);
    const participantId = readParticipantId(fields);
    const session = await this.findSession(sessionId);
    assertSessionOpen(session, this.clock.now());
    const participant = await this.findParticipant(sessionId, participantId);
    return { sessionId, participantId, session, participant };
  }

  /** The session as it is now in the database (after a write, or for the cache). */
  private async view(sessionId: string, token?: string): Promise<SessionView> {
    const record = await this.loadRecord(sessionId);
    if (!record) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    return this.toView(record, token);
  }

  private toView({ session, participants }: SessionRecord, token?: string): SessionView {
    return toSessionView(session, participants, {
      now: this.clock.now(),
      revealEmails: tokenMatches(token, session.initiatorTokenHash),
      appUrl: this.env.PUBLIC_APP_URL,
    });
  }

  private async loadRecord(sessionId: string): Promise<SessionRecord | undefined> {
    const session = await this.sessions.findById(sessionId).lean();
    if (!session) return undefined;
    return { session, participants: await this.loadParticipants(session) };
  }

  private async findSession(sessionId: string): Promise<Session> {
    const session = await this.sessions.findById(sessionId).lean();
    if (!session) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    return session;
  }

  private async findParticipant(sessionId: string, participantId: string): Promise<Participant> {
    const participant = await this.participants.findById(participantId).lean();
    if (!participant || participant.sessionId !== sessionId) throw serviceError('participant_not_found', 'Participant not found in this session');
    return participant;
  }

  /** The session's participants, each read by `_id` (see Session.participantIds). */
  private async loadParticipants(session: Session): Promise<Participant[]> {
    const found = await Promise.all(session.participantIds.map((id) => this.participants.findById(id).lean()));
    return found.filter((p): p is NonNullable<typeof p> => p !== null);
  }
}
