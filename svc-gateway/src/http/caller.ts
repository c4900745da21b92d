import { createHash } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiCaller } from '../auth/api-keys';

/**
 * Who calls, as the gateway tells callers apart: a secret-key client is its key's name, wherever it
 * calls from; a browser is the browser key and its address (every visitor has that key).
 */
export function callerIdentity(caller: ApiCaller | undefined, clientAddress: string | undefined): string {
  return caller?.kind === 'server' ? `server:${caller.name}` : `browser:${clientAddress ?? 'unknown'}`;
}

/**
 * The caller as svc-sessions counts its wrong e-mail addresses on a claim (claim-email-check.ts
 * there): a SHA-256 digest of `callerIdentity`, so that no address or key name leaves the gateway.
 * Read after the API key guard, which names the caller.
 */
export const CallerDigest = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<Request>();
  return createHash('sha256')
    .update(JSON.stringify(['claiming-client', callerIdentity(request.apiCaller, request.ip)]))
    .digest('base64url');
});
