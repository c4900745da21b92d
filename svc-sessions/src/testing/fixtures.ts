import { type CreateSessionRequest, type VerificationReasonCode, type VerificationStatusEvent, verificationReason } from '@idv/contracts';
import { randomUUID } from 'node:crypto';
import { ANA, BO, createSessionBody } from '@idv/test-kit';
import { Clock } from '../clock/clock';

/** svc-sessions' secret in the tests. */
export const TEST_SESSIONS_SECRET = 'integration-test-sessions-secret-0123456789';

/** A clock the test moves by hand. */
export class TestClock extends Clock {
  constructor(public current = new Date('2026-11-22T12:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A two-person session to create in tests. */
export function twoPeople(purpose = 'Meeting to sign a lease'): CreateSessionRequest {
  return createSessionBody([ANA, BO], purpose);
}

/** A check's result as svc-verification publishes it: verified, or failed for `reason`; a new event id each time. */
export function statusEvent(
  place: { sessionId: string; participantId: string },
  result: { reason?: VerificationReasonCode; attempt?: number; decidedAt: string },
): VerificationStatusEvent {
  return {
    eventId: randomUUID(),
    sessionId: place.sessionId,
    participantId: place.participantId,
    decision: result.reason ? 'failed' : 'verified',
    reasons: result.reason ? [verificationReason(result.reason)] : [],
    decidedAt: result.decidedAt,
    ...(result.attempt === undefined ? {} : { attempt: result.attempt }),
  };
}
