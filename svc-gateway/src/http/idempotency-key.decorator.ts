import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, idempotencyKeyField } from '@idv/contracts/catalogue';
import type { Request } from 'express';
import { validationFailed } from '../errors/api-error';
import { scopedIdempotencyKey } from './idempotency-scope';

/**
 * The `Idempotency-Key` header of a mutating call, scoped to its caller and route
 * (idempotency-scope.ts), or undefined; a malformed one is refused (400). svc-sessions derives what
 * the call writes from it, so that a repeat gets the first outcome. Read after the API key guard,
 * which names the caller.
 * Request headers are never logged (service-kit's logger drops them), this one included.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const request = context.switchToHttp().getRequest<Request>();
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  const parsed = idempotencyKeyField.safeParse(value);
  if (!parsed.success || parsed.data === undefined) throw validationFailed({ idempotencyKey: IDEMPOTENCY_KEY_MESSAGE });
  const route = `${request.method} ${(request.route as { path?: string } | undefined)?.path ?? request.path}`;
  return scopedIdempotencyKey(parsed.data, request.apiCaller, request.ip, route);
});

/** The header in the OpenAPI document, for the calls that take it. */
export const IdempotencyKeyHeader = (what: string) =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    description:
      `16 to 200 letters, digits or \`-_.:\` (a random UUID): the same call again with the same key and body answers ${what} ` +
      'instead of a conflict (repeat it after a timeout or a lost answer). Keep it as secret as a token. A key sent with another request: 409 `idempotency_key_reused`.',
  });
