import type { DynamicModule } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';

type HttpLogOptions = Exclude<Params['pinoHttp'], unknown[] | undefined>;

/**
 * Every service's logs: JSON lines (pino through nestjs-pino), each with the service's name. What
 * may carry personal data or secrets is never logged: request headers (API key, session tokens),
 * bodies (names, e-mails, images) and query strings are removed, and the services log no payloads.
 * `http` adds the gateway's request-log options.
 */
export function serviceLogging(service: string, level: string, http: HttpLogOptions = {}): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { service, pid: process.pid },
      redact: { paths: ['req.headers', 'req.body', 'req.query'], remove: true },
      ...http,
    },
  });
}

/** The log level variable every service reads. */
export const LOG_LEVEL_DESCRIPTION = 'pino log level (fatal, error, warn, info, debug, silent)';
