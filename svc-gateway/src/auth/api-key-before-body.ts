import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/api-error';
import type { ApiKeys } from './api-keys';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Express middleware before the body parsers: a call that carries a body and a key that would be
 * refused is answered 401 at once, without reading the body. Every route that takes a body needs the
 * key (the public routes are reads); ApiKeyGuard still checks every route after this.
 */
export function refuseWrongApiKeyBeforeBody(keys: ApiKeys) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!WITH_BODY.has(request.method)) return next();
    const check = keys.check(request.headers);
    if (!('refusal' in check)) return next();
    // The body stays unread; the connection closes after the answer so it is not read either.
    response.setHeader('Connection', 'close');
    response.status(401).json(errorBody('unauthorized', check.refusal));
  };
}
