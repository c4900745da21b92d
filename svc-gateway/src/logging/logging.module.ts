import type { DynamicModule } from '@nestjs/common';
import { serviceLogging } from '@idv/service-kit';
import type { Request, Response } from 'express';

/**
 * The gateway's logs (service-kit's JSON lines) with one line per request: the correlation id,
 * method, path, status and, for a server-side client, its key's name only; never headers, bodies or
 * query strings.
 */
export function gatewayLogging(level: string): DynamicModule {
  return serviceLogging('svc-gateway', level, {
    genReqId: (request) => (request as Request).correlationId ?? 'unknown',
    serializers: {
      req: (request: Request & { id?: string; raw?: Request }) => ({
        id: request.id,
        method: request.method,
        path: (request.url ?? '').split('?')[0],
        // A server-side client by its key's name; never the key.
        ...(request.raw?.apiCaller?.kind === 'server' ? { client: request.raw.apiCaller.name } : {}),
      }),
      res: (response: Response) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info'),
  });
}
