import { FixedWindowRateLimitStorage } from './rate-limit-storage';

describe('FixedWindowRateLimitStorage', () => {
  afterEach(() => jest.useRealTimers());

  it('counts a key within its window, refuses past the limit until the block ends, and counts keys apart', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T12:00:00Z') });
    const storage = new FixedWindowRateLimitStorage();
    const hit = (key: string) => storage.increment(key, 60_000, 3, 60_000, 'per-client');
    for (let n = 1; n <= 3; n++) expect(await hit('a')).toMatchObject({ totalHits: n, isBlocked: false });
    expect(await hit('a')).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    expect(await hit('b')).toMatchObject({ totalHits: 1, isBlocked: false });
    jest.setSystemTime(Date.now() + 30_000);
    expect(await hit('a')).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    jest.setSystemTime(Date.now() + 30_001);
    expect(await hit('a')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('without a block time refuses past the limit until the window ends (the submission limits)', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T12:00:00Z') });
    const storage = new FixedWindowRateLimitStorage();
    const hit = () => storage.increment('submissions:client:1.2.3.4', 60_000, 2, 0, 'submissions');
    await hit();
    jest.setSystemTime(Date.now() + 20_000);
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 40 });
    jest.setSystemTime(Date.now() + 40_001);
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps the limits of different throttlers apart for one key', async () => {
    const storage = new FixedWindowRateLimitStorage();
    expect(await storage.increment('k', 60_000, 1, 60_000, 'per-client')).toMatchObject({ isBlocked: false });
    expect(await storage.increment('k', 60_000, 1, 60_000, 'per-client')).toMatchObject({ isBlocked: true });
    expect(await storage.increment('k', 60_000, 1, 60_000, 'per-key')).toMatchObject({ isBlocked: false });
  });

  it('answers the 200,000th request of a window like the first (the library storage overflowed at about 125,000)', async () => {
    const storage = new FixedWindowRateLimitStorage();
    let last;
    for (let n = 0; n < 200_000; n++) last = await storage.increment('busy-server-client', 60_000, 10_000_000, 60_000, 'per-key');
    expect(last).toMatchObject({ totalHits: 200_000, isBlocked: false });
  });
});
