import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { ParticipantTransitions, type TransitionDetails } from './participant-transitions';
import { type Actor, type ParticipantEvent, ruleFor } from './participant-lifecycle';
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
    return (await this.records.acquire(rule.record, participant, rule.to, details)) ? 'applied' : 'lost';
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
