import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { validationError } from '@idv/service-kit';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { serviceError } from '../errors/service-error';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { ParticipantTransitions } from './participant-transitions';
import { claimMissSubject } from './record-subjects';
import type { ParticipantState } from './session-state';

export const EMAIL_NEEDED_MESSAGE = 'Enter the e-mail address the initiator entered for you';

/**
 * A place belongs to the person invited to it: claiming an unclaimed place asks for the e-mail
 * address the initiator entered for it (compared without regard to case or surrounding spaces, in
 * constant time). The join code alone no longer gives a stranger someone else's place.
 *
 * Wrong addresses count against the client that sends them (the gateway names it: a secret key, or
 * the browser key's address), per place, in fixed lock windows of CLAIM_LOCK_MS (insert-only `claim-miss`
 * records: no read or write that grows with the stored
 * data). At CLAIM_EMAIL_TRIES in one window that client's claims of the place are refused, before
 * their address is compared, until the window ends (423 place_locked): its next guess, right or
 * wrong, tells it nothing. A guesser thus gets at most 2 x CLAIM_EMAIL_TRIES tries per place in any
 * CLAIM_LOCK_MS (the end of one window and the start of the next) from each client. The place itself
 * is never locked: the
 * invited person, from any other client, claims it with the right address whatever a stranger
 * tried (issue 36: five wrong guesses by anyone with the join code kept the invitee out for an
 * hour, every hour). A claim from an older gateway, which names no client, counts as one client.
 */
@Injectable()
export class ClaimEmailCheck {
  constructor(
    private readonly lifecycle: ParticipantLifecycle,
    private readonly records: ParticipantTransitions,
    private readonly clock: Clock,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  /**
   * Refuses the claim unless `email` is the place's; a wrong one is counted against `client`. A
   * client that has spent its tries on this place in this window is refused before its address is
   * compared: one look-up by `_id`.
   */
  async check(participant: ParticipantState, email: string | undefined, client = UNNAMED_CLIENT): Promise<void> {
    if (email === undefined) throw validationError({ email: EMAIL_NEEDED_MESSAGE });
    const window = this.window();
    if (await this.records.recorded('claim-miss', claimMissSubject(participant._id, client, window, this.env.CLAIM_EMAIL_TRIES)))
      throw locked(this.windowEnd(window));
    if (sameAddress(email, participant.email)) return;

    for (let n = 1; n <= this.env.CLAIM_EMAIL_TRIES; n++) {
      if (!(await this.lifecycle.recordClaimMiss(participant, client, window, n))) continue;
      if (n === this.env.CLAIM_EMAIL_TRIES) throw locked(this.windowEnd(window));
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

/** The client of a claim that names none (from a gateway older than the per-client count). */
const UNNAMED_CLIENT = 'unnamed';

function locked(until: Date) {
  return serviceError(
    'place_locked',
    `Too many wrong e-mail addresses for this place from this client: it takes no claim from it until ${until.toISOString()}`,
  );
}

/** Case and surrounding spaces aside, in constant time (digests of equal length). */
export function sameAddress(given: string, expected: string): boolean {
  const digest = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
