import type { MiddlewareHandler } from 'astro';
import { notFoundResponse } from '../lib/http/not-found-response.ts';

/** The route pattern Astro reports for a request no route matched. */
export const NOT_FOUND_ROUTE = '/404';

/** Options of the 404 step. */
export interface NotFoundOptions {
  baseUrl: string;
}

/**
 * Answers paths no route serves with 404 (spec 4.4): a short Markdown body by default,
 * an HTML page for browsers that prefer HTML, a `not_found` Problem for JSON clients.
 */
export function notFound({ baseUrl }: NotFoundOptions): MiddlewareHandler {
  return async function notFoundStep(context, next) {
    if (context.routePattern !== NOT_FOUND_ROUTE) return next();
    return notFoundResponse(baseUrl, context.request, context.url.pathname);
  };
}
