import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../errors/api-error';
import { type ApiCaller, ApiKeys } from './api-keys';
import { IS_PUBLIC } from './public.decorator';

declare module 'express' {
  interface Request {
    /** Who the API key says is calling; the request log names a server-side client by its name. */
    apiCaller?: ApiCaller;
  }
}

/** Every route but the public ones needs an API key: the browser key from the app's pages, or a secret key. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeys,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const check = this.keys.check(request.headers);
    if ('refusal' in check) throw new ApiError('unauthorized', check.refusal);
    request.apiCaller = check.caller;
    return true;
  }
}
