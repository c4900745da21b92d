import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { GatewayEnv } from '../config/env';
import { SESSION_TOKEN_HEADER } from '../auth/session-token.decorator';
import { setUpOpenApi } from '../openapi';
import { useBodyParsers } from './body-parsers';
import { CORRELATION_HEADER, correlationId } from './correlation-id';

/** Everything around the routes, in order; shared by main.ts and the integration tests. */
export function configureApp(app: INestApplication, env: GatewayEnv): void {
  app.useLogger(app.get(Logger));
  const express = app as NestExpressApplication;
  express.set('trust proxy', env.TRUST_PROXY);
  express.disable('x-powered-by');
  app.use(correlationId);
  // The docs UI needs inline scripts; the JSON API needs none.
  app.use('/api/docs', helmet({ contentSecurityPolicy: false }));
  app.use(helmet());
  useBodyParsers(app);
  app.setGlobalPrefix('api');
  app.enableCors({
    origin: env.CORS_ORIGINS,
    allowedHeaders: ['content-type', 'x-api-key', SESSION_TOKEN_HEADER, CORRELATION_HEADER],
    exposedHeaders: [CORRELATION_HEADER],
  });
  app.enableShutdownHooks();
  setUpOpenApi(app);
}
