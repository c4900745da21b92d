import { HttpException } from '@nestjs/common';
import { type ApiErrorBody, ERROR_HTTP_STATUS, type ErrorCode, type ValidationCode } from '@idv/contracts';
import { STATUS_CODES } from 'node:http';

/** An error answered as `{ statusCode, error, message, code, fields?, fieldCodes? }`, its status taken from the code. */
export class ApiError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly fieldCodes?: Record<string, ValidationCode>,
  ) {
    super(message, ERROR_HTTP_STATUS[code]);
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>, fieldCodes?: Record<string, ValidationCode>): ApiErrorBody {
  const statusCode = ERROR_HTTP_STATUS[code];
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code, ...(fields ? { fields } : {}), ...(fieldCodes ? { fieldCodes } : {}) };
}

export function validationFailed(fields: Record<string, string>, fieldCodes?: Record<string, ValidationCode>): ApiError {
  return new ApiError('validation_failed', Object.values(fields)[0] ?? 'Invalid request', fields, fieldCodes);
}
