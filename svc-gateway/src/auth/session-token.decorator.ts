import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export const SESSION_TOKEN_HEADER = 'x-session-token';

/** The `x-session-token` header, or undefined. */
export const SessionToken = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers[SESSION_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
});
