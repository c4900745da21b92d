import { IDEMPOTENCY_KEY_HEADER } from '@idv/contracts/catalogue';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerStorage } from '@nestjs/throttler';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { GatewayEnv } from '../config/env';
import { SESSION_TOKEN_HEADER } from '../auth/session-token.decorator';
import { setUpOpenApi } from '../openapi';
import { refuseWrongApiKeyBeforeBody } from '../auth/api-key-before-body';
import { ApiKeys } from '../auth/api-keys';
import { ServiceClient } from '../nats/service-client';
import { useBodyParsers } from './body-parsers';
import { SUBMISSION_ROUTE, limitSubmissionsBeforeBody } from './submission-limits';
import { limitSubmissionsInFlight } from './submissions-in-flight';
import { CORRELATION_HEADER, correlationId } from './correlation-id';

/** Everything around the routes, in order; shared by main.ts and the integration tests. */
export function configureApp(app: INestApplication, env: GatewayEnv): void {
  app.useLogger(app.get(Logger));
  const express = app as NestExpressApplication;
  express.set('trust proxy', env.TRUST_PROXY === 'none' ? false : env.TRUST_PROXY);
  express.disable('x-powered-by');
  app.use(correlationId);
  // CORS first, so that every answer below (a refused key too) is readable by the allowed origins.
  app.enableCors({
    origin: env.CORS_ORIGINS,
    allowedHeaders: ['content-type', 'x-api-key', SESSION_TOKEN_HEADER, CORRELATION_HEADER, IDEMPOTENCY_KEY_HEADER],
    exposedHeaders: [CORRELATION_HEADER],
  });
  // The docs UI needs inline scripts; the JSON API needs none.
  app.use('/api/docs', helmet({ contentSecurityPolicy: false }));
  app.use(helmet());
  // A request that will be refused, for its rate, its key or a token that holds no place, is
  // refused before its body (up to 12 MB) is read. Rate first, so that wrong keys are limited too.
  app.use(SUBMISSION_ROUTE, limitSubmissionsBeforeBody(app.get(ThrottlerStorage), env, app.get(ApiKeys), app.get(ServiceClient)));
  // Within its limits, a submission still waits its turn: only so many are read at once.
  app.use(SUBMISSION_ROUTE, limitSubmissionsInFlight(env.SUBMISSIONS_IN_FLIGHT_MAX));
  app.use(refuseWrongApiKeyBeforeBody(app.get(ApiKeys)));
  useBodyParsers(app);
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  setUpOpenApi(app);
  keepIdleConnectionsLongerThanClients(app);
}

/** How long an idle keep-alive connection stays open: longer than clients and proxies keep theirs. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Node closes idle connections after 5 s by default, while clients (Node's fetch: 4 s, nginx and
 * cloud load balancers: 60 s) may reuse one at that very moment and get "other side closed". With
 * the server holding on longer, the client is always the side that closes an idle connection.
 */
function keepIdleConnectionsLongerThanClients(app: INestApplication): void {
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
