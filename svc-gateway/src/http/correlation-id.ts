import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const CORRELATION_HEADER = 'x-correlation-id';
const VALID = /^[A-Za-z0-9._-]{8,64}$/;

declare module 'express' {
  interface Request {
    correlationId?: string;
  }
}

/** Takes the caller's correlation id when it is sane, else makes one; echoes it on the response. */
export function correlationId(request: Request, response: Response, next: NextFunction): void {
  const incoming = request.headers[CORRELATION_HEADER];
  const id = typeof incoming === 'string' && VALID.test(incoming) ? incoming : randomUUID();
  request.correlationId = id;
  response.setHeader(CORRELATION_HEADER, id);
  next();
}
