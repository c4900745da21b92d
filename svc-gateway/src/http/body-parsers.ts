import type { INestApplication } from '@nestjs/common';
import { LIMITS } from '@idv/contracts';
import { json, type NextFunction, type Request, type Response } from 'express';
import { errorBody } from '../errors/api-error';

/**
 * JSON bodies: 12 MB on the verification route (three images), 64 kB everywhere else.
 * Parser errors (too large, malformed) answer in the API's error shape.
 */
export function useBodyParsers(app: INestApplication): void {
  app.use('/api/verification', json({ limit: LIMITS.verificationBodyMaxBytes }));
  app.use(json({ limit: LIMITS.defaultBodyMaxBytes }));
  app.use((error: { type?: string; status?: number }, _request: Request, response: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') {
      const limit = _request.path.startsWith('/api/verification') ? '12 MB' : '64 kB';
      response.status(413).json(errorBody('payload_too_large', `The request body is larger than ${limit}`));
    } else if (error?.type === 'entity.parse.failed') {
      response.status(400).json(errorBody('validation_failed', 'The request body is not valid JSON'));
    } else if (error?.status && error.status >= 400 && error.status < 500) {
      response.status(400).json(errorBody('validation_failed', 'The request body could not be read'));
    } else {
      next(error);
    }
  });
}
