import { SUBJECTS, isParticipantId, isSessionId, isSessionToken } from '@idv/contracts';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { NextFunction, Request, Response } from 'express';
import { SESSION_TOKEN_HEADER } from '../auth/session-token.decorator';
import type { GatewayEnv } from '../config/env';
import { type ApiError, errorBody } from '../errors/api-error';
import { RETRY_AFTER_SECONDS } from '../errors/api-exception.filter';
import type { ApiKeys } from '../auth/api-keys';
import type { ServiceClient } from '../nats/service-client';
import { serverClient } from './rate-limits';

export const SUBMISSION_ROUTE = '/api/verification';

/**
 * The submission limits, counted before the body (up to 12 MB of images) is read, which a guard
 * cannot do (Nest runs guards after the body parsers). Two counts, in the storage the throttler's
 * guard uses for the general limits (rate-limit-storage.ts):
 *  - per client: a browser client (browser key, or no valid key) by its address,
 *    RATE_LIMIT_VERIFICATION_MAX per RATE_LIMIT_WINDOW_MS; a server-side client by its secret key,
 *    from any address, RATE_LIMIT_KEY_VERIFICATION_MAX;
 *  - per place (a participant's place): RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX per
 *    RATE_LIMIT_PARTICIPANT_WINDOW_MS, whatever address or token the submissions come with, so a
 *    place moved to another device (a handoff gives it a new token) goes on with its count. A place is
 *    counted only once svc-sessions has said the token holds it (`sessions.place`, one `_id` look-up):
 *    a stranger's guessed token is answered 403 there, before the body is read, and counts for
 *    nothing but the stranger's own client limit.
 * Past a limit: 429 `rate_limited` with Retry-After, and the connection closes with the body unread.
 * A submission answered busy (503, by this gateway or by svc-verification) changes nothing, and so
 * is given back to both counts: a person told to try again later is not locked out for trying.
 * (The e2e busy-machine test sent one place past its 10 an hour, all of them answered 503.)
 * Mounted on SUBMISSION_ROUTE, where a submission's path is `/:sessionId/:participantId` (a liveness
 * challenge, `/:sessionId/:participantId/challenge`, has only the general limits).
 */
/** The counts' storage; one that can give a count back (FixedWindowRateLimitStorage) does so for busy answers. */
type RefundableStorage = ThrottlerStorage & { refund?(...count: Parameters<ThrottlerStorage['increment']>): Promise<void> };

export function limitSubmissionsBeforeBody(storage: RefundableStorage, env: GatewayEnv, keys: ApiKeys, services: ServiceClient) {
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
      // A call the key middleware will refuse (401) asks svc-sessions nothing: no token oracle for strangers.
      const keyAccepted = !('refusal' in keys.check(request.headers));
      if (keyAccepted && isSessionId(sessionId) && isParticipantId(participantId) && isSessionToken(token)) {
        try {
          await services.request(SUBJECTS.sessions.place, { sessionId, participantId, token });
        } catch (error) {
          return refuseWithError(response, error as ApiError);
        }
        const placeCount: Parameters<ThrottlerStorage['increment']> = [
          `submissions:place:${sessionId}:${participantId}`,
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

/** The place check's refusal (403 `invalid_token` or `place_moved`, 404, 503 with Retry-After), the body unread. */
function refuseWithError(response: Response, error: ApiError): void {
  const body = errorBody(error.code, error.message);
  if (body.statusCode === 503) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  response.setHeader('Connection', 'close');
  response.status(body.statusCode).json(body);
}

function refuse(response: Response, retryAfterSeconds: number): void {
  response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  // The body stays unread; the connection closes after the answer so it is not read either.
  response.setHeader('Connection', 'close');
  response.status(429).json(errorBody('rate_limited', 'Too many requests. Please try again later.'));
}
