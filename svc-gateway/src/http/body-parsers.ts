import type { INestApplication } from '@nestjs/common';
import { LIMITS } from '@idv/contracts';
import { json, type NextFunction, type Request, type Response } from 'express';
import { errorBody } from '../errors/api-error';
import { type JsonShapeRefusal, jsonShapeRefusal } from './json-shape';

const SHAPE_REFUSED = 'entity.shape.refused';
const NOT_UTF8 = 'entity.charset.refused';

const SHAPE_MESSAGES: Record<JsonShapeRefusal, string> = {
  nesting: `The request body is nested more than ${LIMITS.bodyMaxNesting} levels deep, deeper than any request of this API`,
  quotes: `The request body has more than ${LIMITS.bodyMaxQuotes} quote characters, more than any request of this API`,
  structure: `The request body has more than ${LIMITS.bodyMaxStructureBytes} bytes outside its text values, more than any request of this API`,
};

/**
 * Refuses a body by its shape before it is parsed (json-shape.ts), so that no body within the size
 * limit costs the gateway more than reading it. Runs as body-parser's `verify`, on the raw bytes.
 * JSON between systems is UTF-8 (RFC 8259, section 8.1), and the shape is read as UTF-8.
 */
function refuseByShape(_request: Request, _response: Response, body: Buffer, encoding: string): void {
  if (encoding.toLowerCase() !== 'utf-8') throw Object.assign(new Error('The request body must be JSON in UTF-8'), { type: NOT_UTF8 });
  const refusal = jsonShapeRefusal(body);
  if (refusal) throw Object.assign(new Error(SHAPE_MESSAGES[refusal]), { type: SHAPE_REFUSED });
}

/**
 * JSON bodies: 12 MB on the verification route (three images), 64 kB everywhere else, each refused
 * by its shape first. Parser errors (too large, malformed, no request's shape) answer in the API's error shape.
 */
export function useBodyParsers(app: INestApplication): void {
  app.use('/api/verification', json({ limit: LIMITS.verificationBodyMaxBytes, verify: refuseByShape }));
  app.use(json({ limit: LIMITS.defaultBodyMaxBytes, verify: refuseByShape }));
  app.use((error: { type?: string; status?: number; message?: string }, _request: Request, response: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') {
      const limit = _request.path.startsWith('/api/verification') ? '12 MB' : '64 kB';
      response.status(413).json(errorBody('payload_too_large', `The request body is larger than ${limit}`));
    } else if (error?.type === 'entity.parse.failed') {
      response.status(400).json(errorBody('validation_failed', 'The request body is not valid JSON'));
    } else if (error?.type === SHAPE_REFUSED || error?.type === NOT_UTF8) {
      const message = error.message ?? 'The request body could not be read';
      response.status(400).json(errorBody('validation_failed', message, { body: message }));
    } else if (error?.status && error.status >= 400 && error.status < 500) {
      response.status(400).json(errorBody('validation_failed', 'The request body could not be read'));
    } else {
      next(error);
    }
  });
}
