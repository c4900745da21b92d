import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { ApiError } from '../errors/api-error';
import { IS_PUBLIC } from './public.decorator';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `key` is the API key whose digest is `expected`, compared in constant time. */
export function apiKeyMatches(key: unknown, expected: Buffer): boolean {
  return typeof key === 'string' && timingSafeEqual(digest(key), expected);
}

export const apiKeyDigest = digest;

/** Every route but the public ones needs `x-api-key`, compared in constant time. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.expected = digest(env.API_KEY);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const key = context.switchToHttp().getRequest<Request>().headers['x-api-key'];
    if (!apiKeyMatches(key, this.expected)) {
      throw new ApiError('unauthorized', 'A valid API key (x-api-key) is required');
    }
    return true;
  }
}
