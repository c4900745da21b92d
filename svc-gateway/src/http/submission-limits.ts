import { createHash } from 'node:crypto';
import { isParticipantId, isSessionId, isSessionToken } from '@idv/contracts';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { NextFunction, Request, Response } from 'express';
import { SESSION_TOKEN_HEADER } from '../auth/session-token.decorator';
import type { GatewayEnv } from '../config/env';
import { errorBody } from '../errors/api-error';
import type { ApiKeys } from '../auth/api-keys';
import { serverClient } from './rate-limits';

export const SUBMISSION_ROUTE = '/api/verification';

/**
 * The submission limits, counted before the body (up to 12 MB of images) is read, which a guard
 * cannot do (Nest runs guards after the body parsers). Two counts, in the storage the throttler's
 * guard uses for the general limits (rate-limit-storage.ts):
 *  - per client: a browser client (browser key, or no valid key) by its address,
 *    RATE_LIMIT_VERIFICATION_MAX per RATE_LIMIT_WINDOW_MS; a server-side client by its secret key,
 *    from any address, RATE_LIMIT_KEY_VERIFICATION_MAX;
 *  - per place (a participant's place and token): RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX per
 *    RATE_LIMIT_PARTICIPANT_WINDOW_MS, whatever address the submissions come from; a place is counted only when the client is within
 *    its own limit and the path names a real-looking place, so a stranger cannot fill the counts.
 * Past a limit: 429 `rate_limited` with Retry-After, and the connection closes with the body unread.
 * A submission answered busy (503, by this gateway or by svc-verification) changes nothing, and so
 * is given back to both counts: a person told to try again later is not locked out for trying.
 * (The e2e busy-machine test sent one place past its 10 an hour, all of them answered 503.)
 * Mounted on SUBMISSION_ROUTE, where a submission's path is `/:sessionId/:participantId` (a liveness
 * challenge, `/:sessionId/:participantId/challenge`, has only the general limits).
 */
/** The counts' storage; one that can give a count back (FixedWindowRateLimitStorage) does so for busy answers. */
type RefundableStorage = ThrottlerStorage & { refund?(...count: Parameters<ThrottlerStorage['increment']>): Promise<void> };

export function limitSubmissionsBeforeBody(storage: RefundableStorage, env: GatewayEnv, keys: ApiKeys) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    // A submission's path is `/:sessionId/:participantId`; the challenge route below it is no submission.
    const [, sessionId, participantId, ...rest] = request.path.split('/');
    if (request.method !== 'POST' || rest.length > 0) return next();
    try {
      const server = serverClient(keys, request);
      const clientCount: Parameters<ThrottlerStorage['increment']> = [
        server === undefined ? `submissions:client:${request.ip ?? 'unknown'}` : `submissions:key:${server}`,
        env.RATE_LIMIT_WINDOW_MS,
        server === undefined ? env.RATE_LIMIT_VERIFICATION_MAX : env.RATE_LIMIT_KEY_VERIFICATION_MAX,
        0,
        'submissions',
      ];
      const client = await storage.increment(...clientCount);
      if (client.isBlocked) return refuse(response, client.timeToBlockExpire);
      const counted = [clientCount];
      response.once('finish', () => {
        if (response.statusCode !== 503) return;
        for (const count of counted) void storage.refund?.(...count).catch(() => undefined);
      });
      const token = request.headers[SESSION_TOKEN_HEADER];
      if (isSessionId(sessionId) && isParticipantId(participantId) && isSessionToken(token)) {
        const holder = createHash('sha256').update(token).digest('base64url').slice(0, 16);
        const placeCount: Parameters<ThrottlerStorage['increment']> = [
          `submissions:place:${sessionId}:${participantId}:${holder}`,
          env.RATE_LIMIT_PARTICIPANT_WINDOW_MS,
          env.RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX,
          0,
          'place-submissions',
        ];
        const place = await storage.increment(...placeCount);
        if (place.isBlocked) return refuse(response, place.timeToBlockExpire);
        counted.push(placeCount);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

function refuse(response: Response, retryAfterSeconds: number): void {
  response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  // The body stays unread; the connection closes after the answer so it is not read either.
  response.setHeader('Connection', 'close');
  response.status(429).json(errorBody('rate_limited', 'Too many requests. Please try again later.'));
}
