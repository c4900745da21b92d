import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { validationError } from '@idv/service-kit';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { serviceError } from '../errors/service-error';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { ParticipantTransitions } from './participant-transitions';
import { SessionReadCache } from './session-read-cache';
import type { ParticipantState } from './session-state';

export const EMAIL_NEEDED_MESSAGE = 'Enter the e-mail address the initiator entered for you';

/**
 * A place belongs to the person invited to it: claiming an unclaimed place asks for the e-mail
 * address the initiator entered for it (compared without regard to case or surrounding spaces, in
 * constant time). The join code alone no longer gives a stranger someone else's place.
 *
 * Wrong addresses are counted per place in fixed lock windows of CLAIM_LOCK_MS (insert-only records,
 * `claim-miss:<participant>:<window>:<n>`: no read or write that grows with the stored data). At
 * CLAIM_EMAIL_TRIES in one window the place takes no claim, not even with the right address, until
 * the window ends (423 place_locked), and the session shows it locked to everyone, the initiator
 * included. A guesser thus gets at most 2 x CLAIM_EMAIL_TRIES tries in any CLAIM_LOCK_MS (the end of
 * one window and the start of the next); the invited person waits at most one window.
 */
@Injectable()
export class ClaimEmailCheck {
  constructor(
    private readonly lifecycle: ParticipantLifecycle,
    private readonly records: ParticipantTransitions,
    private readonly cache: SessionReadCache,
    private readonly clock: Clock,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  /** Until when the place takes no claim, if it is locked now: one look-up by `_id`. */
  async lockedUntil(participantId: string): Promise<Date | undefined> {
    const window = this.window();
    const last = await this.records.recorded('claim-miss', `${participantId}:${window}:${this.env.CLAIM_EMAIL_TRIES}`);
    return last ? this.windowEnd(window) : undefined;
  }

  /**
   * Refuses the claim unless `email` is the place's; a wrong one is counted. `participant` as just
   * read (SessionStore.participant), which says whether it is locked.
   */
  async check(participant: ParticipantState, email: string | undefined): Promise<void> {
    if (participant.claimLockedUntil) throw locked(participant.claimLockedUntil);
    if (email === undefined) throw validationError({ email: EMAIL_NEEDED_MESSAGE });
    if (sameAddress(email, participant.email)) return;

    const window = this.window();
    for (let n = 1; n <= this.env.CLAIM_EMAIL_TRIES; n++) {
      if (!(await this.lifecycle.recordClaimMiss(participant, window, n))) continue;
      if (n === this.env.CLAIM_EMAIL_TRIES) {
        // Every copy's cached view of the session drops it: the lock shows at once.
        await this.cache.changed(participant.sessionId);
        throw locked(this.windowEnd(window));
      }
      throw serviceError('email_mismatch', 'This is not the e-mail address the initiator entered for this place');
    }
    throw locked(this.windowEnd(window));
  }

  private window(): number {
    return Math.floor(this.clock.now().getTime() / this.env.CLAIM_LOCK_MS);
  }

  private windowEnd(window: number): Date {
    return new Date((window + 1) * this.env.CLAIM_LOCK_MS);
  }
}

function locked(until: Date) {
  return serviceError('place_locked', `Too many wrong e-mail addresses for this place: it takes no claim until ${until.toISOString()}`);
}

/** Case and surrounding spaces aside, in constant time (digests of equal length). */
export function sameAddress(given: string, expected: string): boolean {
  const digest = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
