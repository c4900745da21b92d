import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, ServiceError } from '@idv/contracts';

/** An error answered over NATS as `{ code, message, fields? }`; the gateway maps `code` to HTTP. */
export function serviceError(code: ErrorCode, message: string, fields?: Record<string, string>): RpcException {
  const error: ServiceError = { code, message, ...(fields ? { fields } : {}) };
  return new RpcException(error);
}

/** `validation_failed` with a message per field; the first is the error's message. */
export function validationError(fields: Record<string, string>): RpcException {
  return serviceError('validation_failed', Object.values(fields)[0] ?? 'Invalid request', fields);
}
