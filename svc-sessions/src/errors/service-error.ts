import { RpcException } from '@nestjs/microservices';
import { type ErrorCode, type ServiceError, VALIDATION_MESSAGES } from '@idv/contracts';

/** An error answered over NATS as `{ code, message }`; the gateway maps `code` to HTTP. */
export function serviceError(code: ErrorCode, message: string, fields?: Record<string, string>): RpcException {
  const error: ServiceError = { code, message, ...(fields ? { fields } : {}) };
  return new RpcException(error);
}

export function validationError(fields: Record<string, string>): RpcException {
  return serviceError('validation_failed', Object.values(fields)[0] ?? 'Invalid request', fields);
}

export const NOT_FOUND_MESSAGE = 'Session not found or expired.';
export const INVALID_CODE_MESSAGE = VALIDATION_MESSAGES.session_code_invalid;
