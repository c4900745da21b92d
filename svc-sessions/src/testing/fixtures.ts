import type { CreateSessionRequest } from '@idv/contracts';
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
