import { backoffMs } from './backoff';

describe('backoffMs', () => {
  it('starts at the first pause and doubles it after each try, up to the longest', () => {
    const policy = { firstMs: 1000, maxMs: 30000 };
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => backoffMs(attempt, policy))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('multiplies by another factor when the policy says so', () => {
    expect([0, 1, 2].map((attempt) => backoffMs(attempt, { firstMs: 1000, maxMs: 3000, factor: 3 }))).toEqual([1000, 3000, 3000]);
  });

  it('never waits less than the first pause', () => {
    expect(backoffMs(-1, { firstMs: 200, maxMs: 1000 })).toBe(200);
  });
});
