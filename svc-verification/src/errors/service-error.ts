import { RpcException } from '@nestjs/microservices';
import { type ErrorCode, type ServiceError, isErrorCode } from '@idv/contracts';

export function serviceError(code: ErrorCode, message: string, fields?: Record<string, string>): RpcException {
  const error: ServiceError = { code, message, ...(fields ? { fields } : {}) };
  return new RpcException(error);
}

/** Passes on an error svc-sessions answered; anything else is "unavailable". */
export function relayedError(error: unknown): RpcException {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  if (isErrorCode(record['code']) && typeof record['message'] === 'string') return serviceError(record['code'], record['message']);
  return serviceError('service_unavailable', 'The session service is unavailable. Please try again later.');
}
