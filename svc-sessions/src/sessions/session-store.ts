import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LIMITS, type ParticipantStatus, canTryAgain } from '@idv/contracts';
import type { Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { NOT_FOUND_MESSAGE, serviceError } from '../errors/service-error';
import { CheckDeadlines } from './check-deadlines';
import { assertSessionOpen } from './session-guards';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { ParticipantTransitions } from './participant-transitions';
import { type PlaceHolding, placeHolding } from './place-holding';
import { readById } from './read-by-id';
import { attemptSubject, moveSubject, releaseSubject, roundSubject } from './record-subjects';
import { Session } from './schemas/session.schema';
import type { Transition } from './schemas/transition.schema';
import { type ParticipantRecords, type ParticipantState, type SessionRecord, type SessionState, participantState, sessionState } from './session-state';

/** What the holding of a place is worked out from. */
type HeldPlace = Pick<ParticipantState, '_id' | 'tokenHash' | 'claimRound' | 'releasedTokenHashes'>;

/**
 * Reads sessions and participants as they are now (the one write a read may lead to is the explicit
 * deadline step of check-deadlines.ts). Every read is by `_id` alone: the one look-up
 * that costs the same at any size on MongoDB and on the embedded FerretDB (docs/decisions.md).
 */
@Injectable()
export class SessionStore {
  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    private readonly transitions: ParticipantTransitions,
    private readonly lifecycle: ParticipantLifecycle,
    private readonly deadlines: CheckDeadlines,
    private readonly clock: Clock,
  ) {}

  async session(sessionId: string): Promise<SessionState | undefined> {
    const [session, cancel] = await Promise.all([readById(this.sessions, sessionId), this.transitions.recorded('cancel', sessionId)]);
    return session ? sessionState(session, cancel) : undefined;
  }

  /**
   * The participant, if it is in this session, as it is now: a check past its deadline without a
   * result is decided first, by the explicit step of check-deadlines.ts (the one write a read may
   * lead to), and the participant read again.
   */
  async participant(session: SessionState, participantId: string): Promise<ParticipantState | undefined> {
    const participant = await this.participantAsRecorded(session, participantId);
    const deadline = participant && this.deadlines.overdue(participant);
    if (!participant || !deadline || !(await this.deadlines.settle(session, participant, deadline))) return participant;
    return this.participantAsRecorded(session, participantId);
  }

  /**
   * The participant as its records say, reading only. Only the records that can exist are read: the
   * initiator claims nothing, only a submission can be decided, and only a retryable failure can
   * be followed by another attempt (two more look-ups per retry, at most VERIFICATION_MAX_ATTEMPTS);
   * only an unclaimed place can be locked by wrong e-mail addresses (its lock is read with the claim);
   * a place the initiator released is claimed again in a new round (one more claim and release
   * look-up per release, at most LIMITS.placeReleaseMax; the first release is read with the claim).
   */
  private async participantAsRecorded(session: SessionState, participantId: string): Promise<ParticipantState | undefined> {
    const participant = session.participants.find((p) => p._id === participantId);
    if (!participant) return undefined;
    const invitee = participantId !== session.initiatorParticipantId;
    // One batch (read-by-id.ts): the first release counts only with a claim, the first decision
    // only after a submission; each is one more `_id` in the same `$in` instead of one more round
    // trip after it.
    const [firstClaim, first, firstRelease, firstDecision] = await Promise.all([
      invitee ? this.transitions.recorded('claim', participantId) : undefined,
      this.transitions.recorded('respond', participantId),
      invitee ? this.transitions.recorded('release', releaseSubject(participantId, 1)) : undefined,
      this.transitions.recorded('decide', attemptSubject(participantId, 1)),
    ]);
    const { claim, claimRound, releasedClaims } = await this.currentClaim(participantId, firstClaim, firstRelease);
    let records: ParticipantRecords = { claim, respond: first, attempt: 1, claimRound, releasedClaims };
    let decide = firstDecision;
    while (records.respond?.to === 'submitted') {
      const attempt = records.attempt ?? 1;
      if (attempt > 1) decide = await this.transitions.recorded('decide', attemptSubject(participantId, attempt));
      records = { ...records, decide };
      if (!decide || !canTryAgain({ status: decide.to as ParticipantStatus, result: decide.result, attemptsLeft: this.lifecycle.attemptsLeft({ attempt }) }))
        break;
      const next = await this.transitions.recorded('respond', attemptSubject(participantId, attempt + 1));
      if (!next) break;
      records = { claim, respond: next, attempt: attempt + 1, claimRound, releasedClaims };
    }
    return participantState(participant, session, records);
  }

  /** The claim of the place's current round: past every release. */
  private async currentClaim(participantId: string, firstClaim: Transition | undefined, firstRelease: Transition | undefined) {
    let claim = firstClaim;
    let release = firstRelease;
    let claimRound = 1;
    const releasedClaims: Transition[] = [];
    while (release && claimRound <= LIMITS.placeReleaseMax) {
      if (claim) releasedClaims.push(claim);
      claimRound++;
      [claim, release] = await Promise.all([
        this.transitions.recorded('claim', roundSubject(participantId, claimRound)),
        this.transitions.recorded('release', releaseSubject(participantId, claimRound)),
      ]);
    }
    return { claim, claimRound, releasedClaims };
  }

  /**
   * Which token holds the participant's place now (the initiator's place: the initiator token, also
   * for the whole session). Read only where a token is checked: one look-up, and one more per move.
   */
  async holding(session: SessionState, participant: HeldPlace): Promise<PlaceHolding> {
    return this.holdingFrom(session, participant, await this.moves(participant._id, participant.claimRound));
  }

  /** The moves of a place in a claim round by handoffs, in order. */
  private async moves(participantId: string, round: number): Promise<Transition[]> {
    const moves: Transition[] = [];
    while (moves.length < LIMITS.handoffMaxMoves) {
      const move = await this.transitions.recorded('move', moveSubject(participantId, round, moves.length + 1));
      if (!move) break;
      moves.push(move);
    }
    return moves;
  }

  private holdingFrom(session: SessionState, participant: HeldPlace, moves: Transition[]): PlaceHolding {
    const first = participant._id === session.initiatorParticipantId ? session.initiatorTokenHash : participant.tokenHash;
    return placeHolding(first, moves, participant.releasedTokenHashes);
  }

  /** The initiator's holding: the initiator token, or the device a handoff moved it to. */
  initiatorHolding(session: SessionState): Promise<PlaceHolding> {
    return this.holding(session, { _id: session.initiatorParticipantId, tokenHash: session.initiatorTokenHash, claimRound: 1, releasedTokenHashes: [] });
  }

  /**
   * The session and participant a participant action names: both must exist and the session must
   * be open (not cancelled, not expired; `open: false` skips that), else the action is refused
   * with the error that says why. With `holding` (an action that checks a token) the place's moves
   * are read alongside the participant, not after it.
   */
  async openPlace(sessionId: string, participantId: string): Promise<{ session: SessionState; participant: ParticipantState }>;
  async openPlace(
    sessionId: string,
    participantId: string,
    options: { holding: true; open?: false },
  ): Promise<{ session: SessionState; participant: ParticipantState; holding: PlaceHolding }>;
  async openPlace(sessionId: string, participantId: string, options?: { holding: true; open?: false }) {
    const session = await this.session(sessionId);
    if (!session) throw serviceError('session_not_found', NOT_FOUND_MESSAGE);
    if (options?.open !== false) assertSessionOpen(session, this.clock.now());
    // The first round's moves are read alongside the participant; a released place's, after it.
    const [participant, firstRoundMoves] = await Promise.all([
      this.participant(session, participantId),
      options?.holding ? this.moves(participantId, 1) : undefined,
    ]);
    if (!participant) throw serviceError('participant_not_found', 'Participant not found in this session');
    if (!firstRoundMoves) return { session, participant };
    const moves = participant.claimRound > 1 ? await this.moves(participantId, participant.claimRound) : firstRoundMoves;
    return { session, participant, holding: this.holdingFrom(session, participant, moves) };
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
