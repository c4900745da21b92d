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

  it('refuses a selfie that copies the portrait by default, from a score of 0.725, and refuses a threshold out of range at start-up', () => {
    expect(loadVerificationEnv({})).toMatchObject({ LIVENESS_PORTRAIT_COPY: 'enforced', LIVENESS_PORTRAIT_COPY_MIN_SCORE: 0.725 });
    expect(loadVerificationEnv({ LIVENESS_PORTRAIT_COPY: 'advisory', LIVENESS_PORTRAIT_COPY_MIN_SCORE: '0.8' })).toMatchObject({
      LIVENESS_PORTRAIT_COPY: 'advisory',
      LIVENESS_PORTRAIT_COPY_MIN_SCORE: 0.8,
    });
    expect(() => loadVerificationEnv({ LIVENESS_PORTRAIT_COPY_MIN_SCORE: '1.5' })).toThrow(/LIVENESS_PORTRAIT_COPY_MIN_SCORE/);
    expect(() => loadVerificationEnv({ LIVENESS_PORTRAIT_COPY: 'off' })).toThrow(/LIVENESS_PORTRAIT_COPY/);
  });

  it('refuses a pixelated selfie by default, from a block grid of 3, and refuses a threshold out of range at start-up', () => {
    expect(loadVerificationEnv({})).toMatchObject({ LIVENESS_PIXELATED_SELFIE: 'enforced', LIVENESS_PIXELATED_SELFIE_MIN_GRID: 3 });
    expect(loadVerificationEnv({ LIVENESS_PIXELATED_SELFIE: 'advisory', LIVENESS_PIXELATED_SELFIE_MIN_GRID: '4.5' })).toMatchObject({
      LIVENESS_PIXELATED_SELFIE: 'advisory',
      LIVENESS_PIXELATED_SELFIE_MIN_GRID: 4.5,
    });
    expect(() => loadVerificationEnv({ LIVENESS_PIXELATED_SELFIE_MIN_GRID: '1' })).toThrow(/LIVENESS_PIXELATED_SELFIE_MIN_GRID/);
    expect(() => loadVerificationEnv({ LIVENESS_PIXELATED_SELFIE: 'off' })).toThrow(/LIVENESS_PIXELATED_SELFIE/);
  });

  it('refuses a selfie enlarged from a much smaller picture by default, from a resampling trace of 4, and refuses a threshold out of range at start-up', () => {
    expect(loadVerificationEnv({})).toMatchObject({ LIVENESS_ENLARGED_SELFIE: 'enforced', LIVENESS_ENLARGED_SELFIE_MIN_TRACE: 4 });
    expect(loadVerificationEnv({ LIVENESS_ENLARGED_SELFIE: 'advisory', LIVENESS_ENLARGED_SELFIE_MIN_TRACE: '6' })).toMatchObject({
      LIVENESS_ENLARGED_SELFIE: 'advisory',
      LIVENESS_ENLARGED_SELFIE_MIN_TRACE: 6,
    });
    expect(() => loadVerificationEnv({ LIVENESS_ENLARGED_SELFIE_MIN_TRACE: '0.5' })).toThrow(/LIVENESS_ENLARGED_SELFIE_MIN_TRACE/);
    expect(() => loadVerificationEnv({ LIVENESS_ENLARGED_SELFIE: 'off' })).toThrow(/LIVENESS_ENLARGED_SELFIE/);
  });
});
