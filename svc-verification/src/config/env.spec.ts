import { availableParallelism } from 'node:os';
import { loadVerificationEnv } from './env';

describe('loadVerificationEnv', () => {
  it('sizes admission from the cores by default: a check at once per core, four waiting per core', () => {
    const env = loadVerificationEnv({});
    expect(env.VERIFICATION_CONCURRENCY).toBe(Math.min(64, availableParallelism()));
    expect(env.VERIFICATION_QUEUE_MAX).toBe(4 * env.VERIFICATION_CONCURRENCY);
  });

  it('lets a queue wait begin and end before the deadline svc-sessions keeps by default (90 s)', () => {
    const env = loadVerificationEnv({});
    expect(env.VERIFICATION_QUEUE_WAIT_MAX_MS + env.VERIFICATION_TIMEOUT_MS).toBeLessThan(90_000);
  });
});
