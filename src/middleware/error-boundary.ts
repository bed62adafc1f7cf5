import type { MiddlewareHandler } from 'astro';
import { describeError, type Logger } from '../lib/log/logger.ts';
import { problemResponse } from '../lib/problem/problem-response.ts';

/** Options of the error boundary. */
export interface ErrorBoundaryOptions {
  baseUrl: string;
  logger: Logger;
}

/**
 * Turns any exception thrown further down into a 500 `internal_error` Problem. The
 * stack goes to the server log; the client sees only a generic detail.
 */
export function errorBoundary({ baseUrl, logger }: ErrorBoundaryOptions): MiddlewareHandler {
  return async function errorBoundaryStep(context, next) {
    try {
      return await next();
    } catch (error) {
      logger.error('unhandled_exception', {
        method: context.request.method,
        path: context.url.pathname,
        ...describeError(error),
      });
      return problemResponse(baseUrl, {
        code: 'internal_error',
        detail: 'The server failed to handle this request. It has been logged; please try again later.',
        instance: context.url.pathname,
      });
    }
  };
}
