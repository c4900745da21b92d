import type { INestApplication } from '@nestjs/common';
import { LIMITS } from '@idv/contracts';
import { json, type NextFunction, type Request, type Response } from 'express';
import { errorBody } from '../errors/api-error';
import { type JsonShapeRefusal, JsonShapeScanner } from './json-shape';

const SHAPE_REFUSED = 'entity.shape.refused';

const SHAPE_MESSAGES: Record<JsonShapeRefusal | 'charset', string> = {
  nesting: `The request body is nested more than ${LIMITS.bodyMaxNesting} levels deep, deeper than any request of this API`,
  quotes: `The request body has more than ${LIMITS.bodyMaxQuotes} quote characters, more than any request of this API`,
  structure: `The request body has more than ${LIMITS.bodyMaxStructureBytes} bytes outside its text values, more than any request of this API`,
  charset: 'The request body must be JSON in UTF-8',
};

/**
 * Refuses a JSON body by its shape while it is read, before it is parsed (json-shape.ts), so that no
 * body within the size limit costs the gateway more than reading it. Each chunk is scanned as it
 * arrives, next to the body parser's own reading (which decodes chunk by chunk too); a refusal ends
 * that reading with an error the parser passes on, and the rest of the body is read off unparsed.
 * JSON between systems is UTF-8 (RFC 8259, section 8.1), and the shape is read as UTF-8: another
 * charset is refused at its first chunk. Must run right before the parser, with nothing
 * asynchronous between: the parser's listener is attached before the first chunk flows.
 */
function refuseByShapeWhileReading(request: Request, _response: Response, next: NextFunction): void {
  if (request.is('application/json')) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    const notUtf8 = charset !== undefined && charset !== 'utf-8' && charset !== 'utf8';
    const scanner = new JsonShapeScanner();
    const onData = (chunk: Buffer) => {
      const refusal = notUtf8 ? 'charset' : scanner.write(chunk);
      if (refusal === undefined) return;
      request.off('data', onData);
      // Only while the parser reads: once it has answered (413 for a body over the limit, which it
      // then reads off), nobody listens, and an error emitted then would stop the process.
      if (request.listenerCount('error') > 0) request.emit('error', Object.assign(new Error(SHAPE_MESSAGES[refusal]), { type: SHAPE_REFUSED }));
    };
    request.on('data', onData);
    request.once('end', () => request.off('data', onData));
  }
  next();
}

/**
 * JSON bodies: 12 MB on the verification route (three images), 64 kB everywhere else, each refused
 * by its shape while it is read. Not compressed (`Content-Encoding`): the shape is read from the
 * bytes that arrive. Parser errors (too large, malformed, no request's shape) answer in the API's
 * error shape.
 */
export function useBodyParsers(app: INestApplication): void {
  app.use(refuseByShapeWhileReading);
  app.use('/api/verification', json({ limit: LIMITS.verificationBodyMaxBytes, inflate: false }));
  app.use(json({ limit: LIMITS.defaultBodyMaxBytes, inflate: false }));
  app.use((error: { type?: string; status?: number; message?: string }, _request: Request, response: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') {
      const limit = _request.path.startsWith('/api/verification') ? '12 MB' : '64 kB';
      response.status(413).json(errorBody('payload_too_large', `The request body is larger than ${limit}`));
    } else if (error?.type === 'entity.parse.failed') {
      response.status(400).json(errorBody('validation_failed', 'The request body is not valid JSON'));
    } else if (error?.type === SHAPE_REFUSED) {
      const message = error.message ?? 'The request body could not be read';
      response.status(400).json(errorBody('validation_failed', message, { body: message }));
    } else if (error?.type === 'encoding.unsupported') {
      const message = 'The request body must not be compressed (Content-Encoding)';
      response.status(400).json(errorBody('validation_failed', message, { body: message }));
    } else if (error?.status && error.status >= 400 && error.status < 500) {
      response.status(400).json(errorBody('validation_failed', 'The request body could not be read'));
    } else {
      next(error);
    }
  });
}
