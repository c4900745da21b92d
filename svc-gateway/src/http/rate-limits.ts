import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { ApiKeys } from '../auth/api-keys';
import type { GatewayEnv } from '../config/env';

export const RATE_LIMITS = { perClient: 'per-client', perKey: 'per-key' } as const;

/** For @SkipThrottle: every one of the limits. */
export const ALL_RATE_LIMITS = { [RATE_LIMITS.perClient]: true, [RATE_LIMITS.perKey]: true };

/** The secret key's name when a server-side client calls; undefined for the browser key or none. */
export function serverClient(keys: ApiKeys, request: Pick<Request, 'headers'>): string | undefined {
  const check = keys.check(request.headers);
  return 'caller' in check && check.caller.kind === 'server' ? check.caller.name : undefined;
}

/**
 * The general limits of @nestjs/throttler's guard (the submission limits are counted before the
 * body: submission-limits.ts), each caller by what identifies it:
 *  - `per-client`: a browser client (the browser key, or no valid key), RATE_LIMIT_MAX requests per
 *    address and route per window: the browser key is every visitor's, so the address is the client;
 *  - `per-key`: a server-side client, RATE_LIMIT_KEY_MAX requests per secret key per window, across
 *    every route and address: its budget is its key's, wherever its calls come from (several
 *    workers behind one address, or one client spread over many).
 * The guard runs before the API key guard, so `per-key` reads the key itself (ApiKeys.check).
 */
export function rateLimits(env: GatewayEnv, keys: ApiKeys): ThrottlerOptions[] {
  const request = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>();
  return [
    {
      name: RATE_LIMITS.perClient,
      ttl: env.RATE_LIMIT_WINDOW_MS,
      limit: env.RATE_LIMIT_MAX,
      skipIf: (context) => serverClient(keys, request(context)) !== undefined,
    },
    {
      name: RATE_LIMITS.perKey,
      ttl: env.RATE_LIMIT_WINDOW_MS,
      limit: env.RATE_LIMIT_KEY_MAX,
      skipIf: (context) => serverClient(keys, request(context)) === undefined,
      getTracker: (req) => serverClient(keys, req as Request) ?? '',
      generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    },
  ];
}
