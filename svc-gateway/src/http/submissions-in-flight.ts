import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/api-error';
import { RETRY_AFTER_SECONDS } from '../errors/api-exception.filter';

/**
 * At most `max` submissions at once are read, parsed and handed on by one gateway; past that, a
 * submission is answered 503 `verification_busy` with Retry-After before its body (up to 12 MB of
 * images) is parsed. Each costs the gateway's one thread its JSON parse, the images' checks and its
 * hand-over to NATS; fifty large uploads at once held /api/health past its pollers' 2 s timeout
 * (issue 36; docs/benchmarks.md, "A burst of large uploads"). A submission counts from its first
 * byte until its answer is sent. Mounted on the verification route: a submission's path is
 * `/:sessionId/:participantId` (a liveness challenge, `/:sessionId/:participantId/challenge`,
 * carries no images and is not counted).
 */
export function limitSubmissionsInFlight(max: number) {
  let inFlight = 0;
  return (request: Request, response: Response, next: NextFunction): void => {
    const [, , , ...rest] = request.path.split('/');
    if (request.method !== 'POST' || rest.length > 0) return next();
    if (inFlight >= max) {
      // The body is let through unread (no parse, no copy): a client still sending it then reads
      // the answer, where closing the connection under it ended its upload with a broken pipe.
      request.resume();
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      response.status(503).json(errorBody('verification_busy', 'Verification is busy. Please try again in a few moments.'));
      return;
    }
    inFlight++;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight--;
    };
    response.once('finish', done);
    response.once('close', done);
    next();
  };
}
