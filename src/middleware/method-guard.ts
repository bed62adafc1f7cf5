import type { MiddlewareHandler } from 'astro';
import { preflightHeaders } from '../lib/http/cors.ts';
import { allowHeader, routeMethods } from '../server/routes.ts';
import { problemResponse } from '../lib/problem/problem-response.ts';
import { NOT_FOUND_ROUTE } from './not-found.ts';

/** Options of the method guard. */
export interface MethodGuardOptions {
  baseUrl: string;
}

/**
 * Answers OPTIONS (CORS preflight included) and rejects methods a known route does not
 * serve with a 405 Problem and `Allow` (RFC 9110 §15.5.6: a 405 MUST carry Allow).
 * Unknown paths pass through to the 404 step whatever the method.
 */
export function methodGuard({ baseUrl }: MethodGuardOptions): MiddlewareHandler {
  return async function methodGuardStep(context, next) {
    const route = context.routePattern;
    if (route === NOT_FOUND_ROUTE) return next();
    const methods = routeMethods(route);
    const method = context.request.method.toUpperCase();
    if (method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: [['Allow', allowHeader(route)], ...preflightHeaders(methods)],
      });
    }
    if (methods.includes(method)) return next();
    return problemResponse(baseUrl, {
      code: 'method_not_allowed',
      detail: `${method} is not supported on ${context.url.pathname}; use ${methods.join(' or ')}.`,
      instance: context.url.pathname,
      headers: { Allow: allowHeader(route) },
    });
  };
}
