import { HttpException } from '@nestjs/common';
import { type ApiErrorBody, ERROR_HTTP_STATUS, type ErrorCode } from '@idv/contracts';
import { STATUS_CODES } from 'node:http';

/** An error answered as `{ statusCode, error, message, code }`, its status taken from the code. */
export class ApiError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message, ERROR_HTTP_STATUS[code]);
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  const statusCode = ERROR_HTTP_STATUS[code];
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code, ...(fields ? { fields } : {}) };
}

export function validationFailed(fields: Record<string, string>): ApiError {
  return new ApiError('validation_failed', Object.values(fields)[0] ?? 'Invalid request', fields);
}
