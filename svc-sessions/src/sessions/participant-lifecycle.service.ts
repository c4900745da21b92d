import { Inject, Injectable } from '@nestjs/common';
import { canTryAgain } from '@idv/contracts';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { ParticipantTransitions, type TransitionDetails } from './participant-transitions';
import { type Actor, type ParticipantEvent, ruleFor } from './participant-lifecycle';
import { attemptSubject, claimMissSubject, releaseSubject, roundSubject } from './record-subjects';
import type { ParticipantState, SessionState } from './session-state';

/** What became of an event: written, refused by the lifecycle, or beaten by a concurrent change. */
export type LifecycleOutcome = 'applied' | 'refused' | 'lost';

/**
 * The one way a participant's state is written: the event is checked against the lifecycle table
 * (PARTICIPANT_LIFECYCLE) from the state the participant was read in, then written as its
 * exactly-once record. Of two concurrent changes from one state exactly one is applied, on MongoDB
 * and FerretDB alike; the other is 'lost' and its caller answers from what won.
 */
@Injectable()
export class ParticipantLifecycle {
  constructor(
    private readonly records: ParticipantTransitions,
    private readonly clock: Clock,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  /**
   * Terminal means terminal: in a cancelled session only the cancellation itself still writes, and
   * an expired session takes no change at all, not even a result (what is shown stays as it was).
   */
  async apply(
    session: SessionState,
    participant: ParticipantState,
    event: ParticipantEvent,
    actor: Actor,
    details: TransitionDetails = {},
  ): Promise<LifecycleOutcome> {
    if (session.isCancelled && event !== 'cancel') return 'refused';
    if (this.clock.now().getTime() >= session.expiresAt.getTime()) return 'refused';
    const rule = ruleFor(participant.status, event);
    if (!rule || rule.by !== actor) return 'refused';
    if (rule.requires === 'unclaimed' && participant.tokenHash !== null) return 'refused';
    if (rule.requires === 'claimed' && participant.tokenHash === null) return 'refused';
    if (rule.requires === 'retryable' && !canTryAgain({ ...participant, attemptsLeft: this.attemptsLeft(participant) })) return 'refused';
    // A claim is the participant's; a response or decision belongs to an attempt: a retry opens the
    // next one, everything else acts on the current one (the first, before any submission).
    const subject =
      rule.record === 'claim'
        ? roundSubject(participant._id, participant.claimRound)
        : rule.record === 'release'
          ? releaseSubject(participant._id, participant.claimRound)
          : attemptSubject(participant._id, event === 'retry' ? participant.attempt + 1 : Math.max(participant.attempt, 1));
    return (await this.records.acquire(rule.record, { ...participant, _id: subject }, rule.to, details)) ? 'applied' : 'lost';
  }

  /**
   * The person holding the place accepted the terms of service after claiming it only to decline
   * (once; a repeat changes nothing). Not a change of state: `consent:<participant>`. A claim made
   * with the terms accepted carries the consent itself.
   */
  async recordConsent(participant: ParticipantState): Promise<void> {
    if (!participant.consented)
      await this.records.acquire('consent', { ...participant, _id: roundSubject(participant._id, participant.claimRound) }, 'accepted');
  }

  /**
   * A claim of this unclaimed place came with the wrong e-mail address from `client`: counted as
   * that client's `n`-th of lock window `window` (record-subjects.ts).
   * Not a change of state. False
   * when that one is already counted (a concurrent miss): the caller counts the next.
   */
  recordClaimMiss(participant: ParticipantState, client: string, window: number, n: number): Promise<boolean> {
    return this.records.acquire('claim-miss', { ...participant, _id: claimMissSubject(participant._id, client, window, n) }, 'missed');
  }

  /** Whether a submission may go ahead: the claim carried the consent, or it was given since. */
  async hasConsent(participant: ParticipantState): Promise<boolean> {
    return participant.consented || (await this.records.recorded('consent', roundSubject(participant._id, participant.claimRound))) !== undefined;
  }

  /** Submissions the participant may still make. */
  attemptsLeft(participant: Pick<ParticipantState, 'attempt'>): number {
    return Math.max(0, this.env.VERIFICATION_MAX_ATTEMPTS - participant.attempt);
  }

  /**
   * Cancels the session (once): its record first, so that every participant reads as cancelled from
   * then on, then each one still pending or being checked, through the table, so that a result
   * arriving later does not land. `session` and `participants` as read before the cancellation.
   */
  async cancelSession(session: SessionState, participants: ParticipantState[], reason?: string): Promise<void> {
    await this.records.acquire('cancel', { _id: session._id, sessionId: session._id, deleteAt: session.deleteAt }, 'cancelled', reason ? { reason } : {});
    for (const participant of participants) {
      if ((await this.apply(session, participant, 'cancel', 'initiator')) !== 'lost') continue;
      // Something else was written first (a submission): cancel from where it now is.
      const now = await this.records.recorded('respond', participant._id);
      if (now?.to === 'submitted') await this.apply(session, { ...participant, status: 'submitted' }, 'cancel', 'initiator');
    }
  }
}
