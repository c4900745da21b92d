import { Module } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

/**
 * Structured request logs (pino) with the correlation id. Only method, path and status are
 * logged: never headers (API key, session tokens), bodies (names, e-mails, images) or query strings.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [GATEWAY_ENV],
      useFactory: (env: GatewayEnv) => ({
        pinoHttp: {
          level: env.LOG_LEVEL,
          genReqId: (request) => (request as Request).correlationId ?? 'unknown',
          serializers: {
            req: (request: Request & { id?: string }) => ({ id: request.id, method: request.method, path: (request.url ?? '').split('?')[0] }),
            res: (response: Response) => ({ statusCode: response.statusCode }),
          },
          redact: { paths: ['req.headers', 'req.body', 'req.query'], remove: true },
          customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info'),
        },
      }),
    }),
  ],
})
export class LoggingModule {}
