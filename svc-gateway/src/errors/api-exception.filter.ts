import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { ErrorCode } from '@idv/contracts';
import type { Request, Response } from 'express';
import { ApiError, errorBody } from './api-error';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'invalid_token',
  404: 'not_found',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'service_unavailable',
  504: 'service_timeout',
};

/** How long a 503 asks the client to wait before it tries again (a check takes a second or two). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The gateway's one exception filter: every error leaves as `{ statusCode, error, message, code }`
 * with the correlation id header, and nothing of the request body is logged.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const body = this.toBody(exception, request);
    // Busy or unavailable is temporary: say when to try again (a check takes a second or two).
    if (body.statusCode === 503) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, request: Request) {
    if (exception instanceof ApiError) return errorBody(exception.code, exception.message, exception.fields, exception.fieldCodes);
    if (exception instanceof ThrottlerException) return errorBody('rate_limited', 'Too many requests. Please try again later.');
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = CODE_BY_STATUS[status];
      if (code) return errorBody(code, status === 404 ? `Cannot ${request.method} ${request.path}` : exception.message);
    }
    this.logger.error(`unexpected error on ${request.method} ${request.path}: ${(exception as Error)?.stack ?? String(exception)}`);
    return errorBody('internal_error', 'Server error. Please try again later.');
  }
}
