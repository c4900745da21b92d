import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type BeginVerificationReply, type ClaimParticipantResponse, type CreateSessionResponse, LIMITS, type SessionView } from '@idv/contracts';
import type { RpcPayload } from '@idv/contracts/catalogue';
import type { Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { NOT_FOUND_MESSAGE, serviceError } from '../errors/service-error';
import { ClaimEmailCheck } from './claim-email-check';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { SessionReadCache } from './session-read-cache';
import { type ParticipantState, type SessionRecord, type SessionState, participantState, sessionState } from './session-state';
import { SessionStore } from './session-store';
import { hashToken, newParticipantId, newSessionId, newToken, tokenMatches } from './ids';
import { IdempotencyKeys } from './idempotency';
import { LivenessChallenges } from './liveness-challenges.service';
import { PLACE_MOVED_MESSAGE, PLACE_RELEASED_MESSAGE, assertHolds, heldBy } from './place-holding';
import { Session } from './schemas/session.schema';
import { assertMayTryAgain } from './session-guards';
import { toSessionView } from './session-view';
import { isDuplicateKeyError } from './duplicate-key';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A participant's place, as a command names it. */
interface Place {
  sessionId: string;
  participantId: string;
}

/** The use cases of sessions and participants. Every rule is enforced here, on the server. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    private readonly clock: Clock,
    private readonly lifecycle: ParticipantLifecycle,
    private readonly cache: SessionReadCache,
    private readonly store: SessionStore,
    private readonly claimEmail: ClaimEmailCheck,
    private readonly keys: IdempotencyKeys,
    private readonly livenessChallenges: LivenessChallenges,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  /**
   * Creates a session. With an `Idempotency-Key` its join code, participant ids and initiator token
   * are derived from the key (idempotency.ts): the same request again finds its session already
   * written and answers it, with the same token.
   */
  async create(request: RpcPayload<'sessions.create.v1'>): Promise<CreateSessionResponse> {
    // The terms were accepted (the request is refused otherwise): recorded with the session.
    const { initiator, participants, purpose, idempotencyKey } = request;
    const now = this.clock.now();
    const keyed = idempotencyKey === undefined ? undefined : this.keys.session(idempotencyKey, participants.length);
    const initiatorToken = keyed?.initiatorToken ?? newToken();
    const initiatorTokenHash = hashToken(initiatorToken);
    const participantIds = keyed?.participantIds ?? participants.map(() => newParticipantId());

    for (let attempt = 0; ; attempt++) {
      const session = {
        _id: keyed?.sessionId ?? newSessionId(),
        initiator,
        initiatorParticipantId: participantIds[0],
        participants: participants.map((p, position) => ({ _id: participantIds[position], position, name: p.name, email: p.email })),
        initiatorTokenHash,
        purpose,
        createdAt: now,
        termsAcceptedAt: now,
        expiresAt: new Date(now.getTime() + LIMITS.sessionExpiryDays * DAY_MS),
        deleteAt: new Date(now.getTime() + LIMITS.retentionDays * DAY_MS),
      };
      try {
        await this.sessions.create(session);
      } catch (error) {
        const duplicate = isDuplicateKeyError(error);
        if (duplicate && keyed) return this.createdBefore(session, initiatorToken);
        // 60 random bits rarely collide; when they do, draw another id.
        if (duplicate && attempt < 3) continue;
        throw error;
      }
      // The view from what was just written: nothing has happened to a new session yet.
      const state = sessionState(session, undefined);
      const record = { session: state, participants: session.participants.map((p) => participantState(p, state, {})) };
      return { session: this.toView(record, true), initiatorToken };
    }
  }

  /** A create repeated with its `Idempotency-Key`: the session it made, if the request is the same. */
  private async createdBefore(
    intended: Pick<SessionState, '_id' | 'initiator' | 'purpose' | 'participants'>,
    initiatorToken: string,
  ): Promise<CreateSessionResponse> {
    const made = await this.store.session(intended._id);
    const people = (session: Pick<SessionState, 'participants'>) => JSON.stringify(session.participants.map((p) => [p.name, p.email]));
    const same =
      made !== undefined &&
      tokenMatches(initiatorToken, made.initiatorTokenHash) &&
      made.initiator === intended.initiator &&
      made.purpose === intended.purpose &&
      people(made) === people(intended);
    if (!same) throw keyReused();
    return { session: await this.view(intended._id, true), initiatorToken };
  }

  async get({ sessionId, token, tokenMustHold }: RpcPayload<'sessions.get.v1'>): Promise<SessionView> {
    const record = await this.cache.read(sessionId, () => this.store.record(sessionId));
    if (!record) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    const initiator = token !== undefined && heldBy(token, await this.store.initiatorHolding(record.session)) === 'now';
    if (tokenMustHold && token !== undefined && !initiator && !(await this.holdsAParticipantPlace(record, token))) {
      throw serviceError('invalid_token', 'This token holds no place in this session');
    }
    return this.toView(record, initiator);
  }

  /** Whether the token holds one of the session's claimed places now (a few `_id` look-ups per claimed place). */
  private async holdsAParticipantPlace({ session, participants }: SessionRecord, token: string): Promise<boolean> {
    const claimed = participants.filter((p) => p._id !== session.initiatorParticipantId && p.tokenHash !== null);
    const holdings = await Promise.all(claimed.map((p) => this.store.holding(session, p)));
    return holdings.some((holding) => heldBy(token, holding) === 'now');
  }

  /**
   * Gives a place to this browser. `termsAccepted: false` claims it only to decline; a claim with
   * the terms accepted records the consent a submission needs (also when the holder claims again).
   */
  async claim(command: RpcPayload<'sessions.claim.v1'>): Promise<ClaimParticipantResponse> {
    const { sessionId, termsAccepted, idempotencyKey } = command;
    // With an Idempotency-Key the claim's token is derived from it: a repeat presents the token the
    // first call was given (and never received, if it timed out), and so holds the place again.
    const keyedToken = idempotencyKey === undefined ? undefined : this.keys.claimToken(idempotencyKey, command.participantId);
    const token = command.token ?? keyedToken;
    // Who holds the place matters only when a token is sent: then it is read alongside the participant.
    const opened = token ? await this.heldParticipant(command) : { ...(await this.openParticipant(command)), holding: undefined };
    const { session, participant, holding } = opened;

    // The browser that holds this place (or the initiator for their own) gets it again; one it
    // moved away from is told so.
    const held = token && holding ? heldBy(token, holding) : 'never';
    // What the claim's record keeps of its key and body: the key again with another body is no repeat.
    const claimKey = idempotencyKey === undefined ? undefined : this.keys.requestDigest(idempotencyKey, claimRequest(command));
    if (held === 'now') {
      if (command.token === undefined && participant.claimKey !== undefined && participant.claimKey !== claimKey) throw keyReused();
      if (termsAccepted) await this.lifecycle.recordConsent(participant);
      return { participantToken: token as string };
    }
    if (held === 'before') throw serviceError('place_moved', PLACE_MOVED_MESSAGE);
    if (held === 'released' && command.token) throw serviceError('place_released', PLACE_RELEASED_MESSAGE);
    if (participant.status !== 'pending') throw serviceError('participant_not_pending', 'This participant has already responded');
    // An unclaimed place is given only for the e-mail address the initiator entered for it.
    if (participant.tokenHash === null) await this.claimEmail.check(participant, command.email, command.client);

    const participantToken = keyedToken ?? newToken();
    // The token's hash and the consent are recorded with the claim itself: one insert, exactly one winner.
    const claimRecord = { tokenHash: hashToken(participantToken), termsAccepted, ...(claimKey ? { requestKey: claimKey } : {}) };
    if ((await this.lifecycle.apply(session, participant, 'claim', 'invitee', claimRecord)) === 'applied') {
      await this.cache.changed(sessionId);
      return { participantToken };
    }
    // Two calls with the same key at once: the one that lost the insert answers as the winner did.
    if (keyedToken) {
      const now = await this.heldParticipant(command);
      if (heldBy(keyedToken, now.holding) === 'now') {
        if (now.participant.claimKey !== undefined && now.participant.claimKey !== claimKey) throw keyReused();
        return { participantToken: keyedToken };
      }
    }

    const others = (await this.store.participants(session)).filter((p) => p._id !== session.initiatorParticipantId);
    if (others.every((p) => p.tokenHash !== null)) {
      throw serviceError('session_full', 'Session is full. Maximum 2 participants allowed.');
    }
    throw serviceError('participant_already_claimed', 'This participant has already been claimed on another device');
  }

  /**
   * The initiator takes back a place the wrong person claimed, before any answer from it: the place
   * is unclaimed again (its e-mail address claims it), and the token that held it is told
   * `place_released`. At most LIMITS.placeReleaseMax times per place. Exactly once per claim round:
   * the `release` record of the round is an insert (record-subjects.ts); a repeat
   * before the place is claimed again answers the same (only the initiator releases).
   */
  async release(command: RpcPayload<'sessions.release.v1'>): Promise<SessionView> {
    const { sessionId, participantId, token } = command;
    const { session, participant } = await this.openParticipant(command);
    assertHolds(token, await this.store.initiatorHolding(session), 'Only the initiator can release a place');
    // Released already and not claimed since (only the initiator releases): the same answer again.
    if (participantId !== session.initiatorParticipantId && participant.claimRound > 1 && participant.tokenHash === null) return this.view(sessionId, true);
    const releasable = participantId !== session.initiatorParticipantId && participant.tokenHash !== null && participant.status === 'pending';
    if (!releasable) throw serviceError('cannot_release', 'Only a place an invitee claimed and has not answered yet can be released');
    if (participant.claimRound > LIMITS.placeReleaseMax) {
      throw serviceError('cannot_release', `This place was released ${LIMITS.placeReleaseMax} times already`);
    }
    if ((await this.lifecycle.apply(session, participant, 'release', 'initiator')) !== 'applied') {
      // Released meanwhile by another call (then it is unclaimed now), or answered meanwhile.
      const now = await this.store.participant(await this.findSession(sessionId), participantId);
      if (now?.tokenHash !== null || now.status !== 'pending') throw serviceError('cannot_release', 'This place was answered or released meanwhile');
    }
    await this.cache.changed(sessionId);
    return this.view(sessionId, true);
  }

  async cancel({ sessionId, token, initiatorId, reason }: RpcPayload<'sessions.cancel.v1'>): Promise<SessionView> {
    const session = await this.findSession(sessionId);
    const onlyInitiator = 'Only the initiator can cancel this session';
    if (initiatorId !== session.initiatorParticipantId) throw serviceError('invalid_token', onlyInitiator);
    assertHolds(token, await this.store.initiatorHolding(session), onlyInitiator);
    if (!session.isCancelled) {
      await this.lifecycle.cancelSession(session, await this.store.participants(session), reason);
      await this.cache.changed(sessionId);
    }
    return this.view(sessionId, true);
  }

  async decline(command: RpcPayload<'sessions.decline.v1'>): Promise<SessionView> {
    const { sessionId, participantId, token } = command;
    const { session, participant, holding } = await this.heldParticipant(command);
    if (participantId === session.initiatorParticipantId) {
      throw serviceError('initiator_cannot_decline', 'Initiator cannot reject the invitation. Use cancel session instead.');
    }
    assertHolds(token, holding);
    const { idempotencyKey } = command;
    const requestKey = idempotencyKey === undefined ? {} : { requestKey: this.keys.digest(idempotencyKey) };
    if (participant.status === 'declined' && this.respondedWith(participant, idempotencyKey)) return this.view(sessionId);
    if ((await this.lifecycle.apply(session, participant, 'decline', 'participant', requestKey)) !== 'applied') {
      const now = await this.store.participant(await this.findSession(sessionId), participantId);
      if (now?.status === 'declined' && this.respondedWith(now, idempotencyKey)) return this.view(sessionId);
      throw serviceError('participant_not_pending', 'This participant has already responded');
    }
    await this.cache.changed(sessionId);
    return this.view(sessionId);
  }

  /**
   * A submission arrived at svc-verification: check token and states, then mark `submitted`
   * (exactly once per attempt). After a retryable failure the same participant may submit again,
   * up to VERIFICATION_MAX_ATTEMPTS submissions in all.
   */
  async beginVerification(command: RpcPayload<'sessions.begin-verification.v1'>): Promise<BeginVerificationReply> {
    const { sessionId, participantId, token, idempotencyKey } = command;
    const { session, participant, holding } = await this.heldParticipant(command);
    assertHolds(token, holding);
    // The same submission again (its Idempotency-Key): accepted as the first was, no second check.
    if (participant.attempt > 0 && this.respondedWith(participant, idempotencyKey)) return this.acceptedBefore(participant);
    // Every party consents: the initiator when creating the session, the others when claiming.
    if (!(await this.lifecycle.hasConsent(participant))) {
      throw serviceError('terms_not_accepted', 'The Terms of Service must be accepted before verifying');
    }
    if (participant.status === 'failed') assertMayTryAgain(participant, this.lifecycle.attemptsLeft(participant));
    // A capture's challenge must be for the attempt this submission becomes, and its frames must
    // follow the challenge's moves (before anything is written).
    const livenessMoves =
      command.challenge === undefined
        ? undefined
        : this.livenessChallenges.movesFor(command.challenge, { sessionId, participantId }, participant.attempt + 1, command.captureFrames);
    const event = participant.status === 'failed' ? 'retry' : 'submit';
    // A moment before the submission is recorded: the check's deadline as svc-verification sees it
    // never ends after the one recorded here.
    const deadline = new Date(this.clock.now().getTime() + this.env.CHECK_DEADLINE_MS).toISOString();
    const requestKey = idempotencyKey === undefined ? {} : { requestKey: this.keys.digest(idempotencyKey) };
    if ((await this.lifecycle.apply(session, participant, event, 'participant', requestKey)) === 'applied') {
      await this.cache.changed(sessionId);
      return { accepted: true, invitedName: participant.name, deadline, attempt: participant.attempt + 1, ...(livenessMoves ? { livenessMoves } : {}) };
    }
    // Refused, or another write won: answer from the participant as it is now.
    const now = (await this.store.participant(await this.findSession(sessionId), participantId)) ?? participant;
    if (now.attempt > 0 && this.respondedWith(now, idempotencyKey)) return this.acceptedBefore(now);
    if (now.status === 'cancelled') throw serviceError('session_cancelled', 'Session has been cancelled');
    if (now.status === 'submitted' || now.status === 'verified' || now.status === 'failed') {
      throw serviceError('already_submitted', 'A verification has already been submitted for this participant');
    }
    throw serviceError('participant_not_pending', 'This participant has already responded');
  }

  /** The answer a submission got, for its repeat: `repeated`, so that svc-verification starts no second check. */
  private acceptedBefore(participant: ParticipantState): BeginVerificationReply {
    return { accepted: true, repeated: true, invitedName: participant.name, deadline: this.clock.now().toISOString(), attempt: participant.attempt };
  }

  /**
   * The session and participant a participant action names, read from the database: both must
   * exist and the session must be open (not cancelled, not expired).
   */
  private openParticipant({ sessionId, participantId }: Place) {
    return this.store.openPlace(sessionId, participantId);
  }

  /** The same, for an action that checks a token: with who holds the place (read alongside). */
  private heldParticipant({ sessionId, participantId }: Place) {
    return this.store.openPlace(sessionId, participantId, { holding: true });
  }

  /** The session as it is now in the database (after a write, or for the cache). */
  private async view(sessionId: string, revealEmails = false): Promise<SessionView> {
    const record = await this.store.record(sessionId);
    if (!record) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    return this.toView(record, revealEmails);
  }

  private toView({ session, participants }: SessionRecord, revealEmails: boolean): SessionView {
    return toSessionView(session, participants, {
      now: this.clock.now(),
      revealEmails,
      appUrl: this.env.PUBLIC_APP_URL,
      maxAttempts: this.env.VERIFICATION_MAX_ATTEMPTS,
    });
  }

  /** The participant's latest response was made by a call with this `Idempotency-Key`. */
  private respondedWith(participant: ParticipantState, idempotencyKey: string | undefined): boolean {
    return idempotencyKey !== undefined && participant.respondKey === this.keys.digest(idempotencyKey);
  }

  private async findSession(sessionId: string): Promise<SessionState> {
    const session = await this.store.session(sessionId);
    if (!session) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    return session;
  }
}

/** A claim's body as its key's record compares it: the address as the place compares it, and the consent. */
function claimRequest({ email, termsAccepted }: { email?: string; termsAccepted: boolean }): string {
  return JSON.stringify([email?.trim().toLowerCase() ?? null, termsAccepted]);
}

function keyReused() {
  return serviceError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
}
