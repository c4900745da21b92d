import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The counts behind every rate limit (the throttler guard's and the submission limits'), in fixed
 * windows: one counter per key, which a window's first request starts and its end clears
 * (rate-limiter-flexible's memory store). Each request costs the same whatever the limit.
 *
 * @nestjs/throttler's own storage keeps a timestamp per request for the whole window and filters
 * them on every request: with a limit of 100,000 a window its cost grew with the count (the
 * throttler was a third of the gateway's CPU in bench:api), and from about 125,000 requests in a
 * window every request of that key failed (`Math.min(...hits)` overflows the call stack). A fixed
 * window lets a client make up to twice its limit across a window's end, which these limits allow.
 */
export class FixedWindowRateLimitStorage implements ThrottlerStorage {
  /** One limiter per window, limit and block time (a few: the limits are configuration). */
  private readonly limiters = new Map<string, RateLimiterMemory>();

  async increment(key: string, ttlMs: number, limit: number, blockDurationMs: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const limiter = this.limiterFor(throttlerName, ttlMs, limit, blockDurationMs);
    try {
      const counted = await limiter.consume(key);
      return { totalHits: counted.consumedPoints, timeToExpire: seconds(counted.msBeforeNext), isBlocked: false, timeToBlockExpire: 0 };
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      const wait = seconds(refused.msBeforeNext);
      return { totalHits: refused.consumedPoints, timeToExpire: wait, isBlocked: true, timeToBlockExpire: wait };
    }
  }

  /** Gives one count of `key` back: a request the count should not hold (one answered busy, which changes nothing). */
  async refund(key: string, ttlMs: number, limit: number, blockDurationMs: number, throttlerName: string): Promise<void> {
    await this.limiterFor(throttlerName, ttlMs, limit, blockDurationMs).reward(key, 1);
  }

  private limiterFor(name: string, ttlMs: number, limit: number, blockDurationMs: number): RateLimiterMemory {
    const id = `${name}:${ttlMs}:${limit}:${blockDurationMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      // Past the limit a key stays refused for the block time (the guard's default: the window).
      limiter = new RateLimiterMemory({ keyPrefix: name, points: limit, duration: ttlMs / 1000, blockDuration: blockDurationMs / 1000 });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

/** Whole seconds, at least 1 (Retry-After). */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
