import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, ServiceError, ValidationCode } from '@idv/contracts';

/** An error answered over NATS as `{ code, message, fields?, fieldCodes? }`; the gateway maps `code` to HTTP. */
export function serviceError(code: ErrorCode, message: string, fields?: Record<string, string>, fieldCodes?: Record<string, ValidationCode>): RpcException {
  const error: ServiceError = { code, message, ...(fields ? { fields } : {}), ...(fieldCodes ? { fieldCodes } : {}) };
  return new RpcException(error);
}

/** `validation_failed` with a message per field; the first is the error's message. */
export function validationError(fields: Record<string, string>): RpcException {
  return serviceError('validation_failed', Object.values(fields)[0] ?? 'Invalid request', fields);
}
