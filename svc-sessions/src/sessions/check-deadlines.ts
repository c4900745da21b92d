import { Inject, Injectable } from '@nestjs/common';
import { type VerificationStatusEvent, verificationReason } from '@idv/contracts';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { PublishedResults } from './published-results';
import { SessionReadCache } from './session-read-cache';
import type { ParticipantState, SessionState } from './session-state';

/**
 * The step that decides a check nobody answered: a submission with no result by its deadline
 * (CHECK_DEADLINE_MS after it was made: the instance running it died, or its result was lost) is
 * decided `failed` with `check_timeout`, through the lifecycle like a real result, so that whichever
 * of the two is recorded first stands. Nothing has to be running for it: SessionStore takes this
 * step on the first read after the deadline (a page's poll, the late result itself, any service
 * restarted), so no participant stays `submitted` for ever. The reads themselves never write.
 *
 * A result decided before the deadline is kept whenever it reaches svc-sessions (the database was
 * away, the service restarted, a page read first): the stream is asked for the participant's last
 * result before the deadline is recorded, and one of this attempt decided in time is recorded
 * instead. While the stream cannot be asked (NATS away), nothing is recorded: a later read decides.
 */
@Injectable()
export class CheckDeadlines {
  constructor(
    private readonly lifecycle: ParticipantLifecycle,
    private readonly results: PublishedResults,
    private readonly cache: SessionReadCache,
    private readonly clock: Clock,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  /** When the participant's check passed its deadline without a result: a submission read undecided. */
  overdue(participant: ParticipantState): Date | undefined {
    if (participant.status !== 'submitted' || !participant.submittedAt) return undefined;
    const deadline = new Date(participant.submittedAt.getTime() + this.env.CHECK_DEADLINE_MS);
    return this.clock.now().getTime() < deadline.getTime() ? undefined : deadline;
  }

  /**
   * Decides the overdue check of a participant as read: its result if one was decided in time, else
   * the deadline. True when a decision is recorded now, by this step or by a concurrent one that was
   * first (read the participant again); false when none could be (the session was cancelled or has
   * expired, or the stream cannot be asked now).
   */
  async settle(session: SessionState, participant: ParticipantState, deadline: Date): Promise<boolean> {
    const published = await this.results.last(session._id, participant._id);
    if ('unknown' in published) return false;
    const inTime = 'event' in published && decidedInTime(published.event, participant.attempt, deadline) ? published.event : undefined;
    const outcome = inTime
      ? await this.lifecycle.apply(session, participant, inTime.decision, 'verification', {
          result: { decidedAt: new Date(inTime.decidedAt), reasons: inTime.reasons },
        })
      : await this.lifecycle.apply(session, participant, 'deadline', 'clock', {
          result: { decidedAt: deadline, reasons: [verificationReason('check_timeout')] },
        });
    if (outcome === 'applied') await this.cache.changed(session._id);
    return outcome !== 'refused';
  }
}

/** A result of this attempt, decided by its deadline (svc-verification stops a check at an earlier one). */
function decidedInTime(event: VerificationStatusEvent, attempt: number, deadline: Date): boolean {
  return (event.attempt ?? 1) === attempt && new Date(event.decidedAt).getTime() <= deadline.getTime();
}
