import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/api-error';
import { apiKeyDigest, apiKeyMatches } from './api-key.guard';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Express middleware before the body parsers: a call that carries a body and a missing or wrong API
 * key is answered 401 at once, without reading the body. Every route that takes a body needs the
 * key (the public routes are reads); ApiKeyGuard still checks every route after this.
 */
export function refuseWrongApiKeyBeforeBody(apiKey: string) {
  const expected = apiKeyDigest(apiKey);
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!WITH_BODY.has(request.method) || apiKeyMatches(request.headers['x-api-key'], expected)) return next();
    // The body stays unread; the connection closes after the answer so it is not read either.
    response.setHeader('Connection', 'close');
    response.status(401).json(errorBody('unauthorized', 'A valid API key (x-api-key) is required'));
  };
}
