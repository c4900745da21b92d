import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/api-error';

/**
 * 405 with `Allow` for a method a documented route does not have (Express alone answers 404, as if
 * the route did not exist). The routes and their methods are read from the OpenAPI document, so the
 * two cannot disagree. HEAD is allowed where GET is (Express answers it), OPTIONS is CORS' own.
 */
export function refuseUndeclaredMethods(document: Pick<OpenAPIObject, 'paths'>) {
  const routes = Object.entries(document.paths).map(([path, operations]) => {
    const methods = Object.keys(operations as object).map((method) => method.toUpperCase());
    if (methods.includes('GET')) methods.push('HEAD');
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    return { pattern, methods };
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method === 'OPTIONS') return next();
    const route = routes.find(({ pattern }) => pattern.test(request.path));
    if (!route || route.methods.includes(request.method)) return next();
    response.setHeader('Allow', route.methods.join(', '));
    response.status(405).json(errorBody('method_not_allowed', `${request.method} is not allowed here; allowed: ${route.methods.join(', ')}`));
  };
}
