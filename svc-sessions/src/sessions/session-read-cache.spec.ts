import type { SessionsEnv } from '../config/env';
import type { NatsConnectionProvider } from '@idv/service-kit';
import { SessionReadCache } from './session-read-cache';
import type { SessionRecord } from './session-state';

/** The cache alone, without NATS: broadcasts go nowhere (its integration test covers them). */
function cacheWith(ttlMs: number): SessionReadCache {
  const nats = { get: async () => ({ publish: () => undefined, subscribe: () => ({ unsubscribe: () => undefined }) }) } as unknown as NatsConnectionProvider;
  return new SessionReadCache(nats, { SESSION_CACHE_TTL_MS: ttlMs } as SessionsEnv);
}

const record = (id: string) => ({ _id: id }) as unknown as SessionRecord;

describe('SessionReadCache', () => {
  it('serves a read from memory within its lifetime, and reads again after it', async () => {
    const cache = cacheWith(50);
    const load = jest.fn(async () => record('A'));
    await cache.read('A', load);
    await cache.read('A', load);
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.read('A', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read that a write raced, nor any read with a lifetime of 0', async () => {
    const cache = cacheWith(60_000);
    let release: () => void = () => undefined;
    const slow = () => new Promise<SessionRecord>((resolve) => (release = () => resolve(record('A'))));
    const reading = cache.read('A', slow);
    await cache.changed('A'); // a write while the read was on its way
    release();
    await reading;
    const again = jest.fn(async () => record('A'));
    await cache.read('A', again);
    expect(again).toHaveBeenCalledTimes(1);

    const off = cacheWith(0);
    const load = jest.fn(async () => record('B'));
    await off.read('B', load);
    await off.read('B', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('holds at most 10,000 sessions, dropping the least recently read', async () => {
    const cache = cacheWith(60_000);
    for (let i = 0; i <= 10_000; i++) await cache.read(`S${i}`, async () => record(`S${i}`));
    const first = jest.fn(async () => record('S0'));
    const last = jest.fn(async () => record('S10000'));
    await cache.read('S0', first);
    await cache.read('S10000', last);
    expect(first).toHaveBeenCalledTimes(1);
    expect(last).not.toHaveBeenCalled();
  });
});
