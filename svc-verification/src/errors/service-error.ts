import type { RpcException } from '@nestjs/microservices';
import { isErrorCode } from '@idv/contracts';
import { serviceError } from '@idv/service-kit';

export { serviceError };

/** Passes on an error svc-sessions answered; anything else is "unavailable". */
export function relayedError(error: unknown): RpcException {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  if (isErrorCode(record['code']) && typeof record['message'] === 'string') return serviceError(record['code'], record['message']);
  return serviceError('service_unavailable', 'The session service is unavailable. Please try again later.');
}
