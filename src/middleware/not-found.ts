import type { MiddlewareHandler } from 'astro';
import { negotiate } from '../lib/http/accept.ts';
import { notFoundHtml, notFoundMarkdown } from '../lib/http/not-found-body.ts';
import { problemResponse } from '../lib/problem/problem-response.ts';

/** The route pattern Astro reports for a request no route matched. */
export const NOT_FOUND_ROUTE = '/404';

/** Representations of a 404, in order of preference; `*\/*` gets the first. */
const OFFERS = ['text/markdown', 'text/html', 'application/problem+json', 'application/json'] as const;

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
    const path = context.url.pathname;
    const type = negotiate(context.request.headers.get('accept'), OFFERS) ?? 'text/markdown';
    const headers = { Vary: 'Accept, Accept-Encoding', 'Cache-Control': 'no-cache' };
    if (type === 'application/problem+json' || type === 'application/json') {
      return problemResponse(baseUrl, {
        code: 'not_found',
        detail: `No resource exists at ${path}. See ${baseUrl}/sitemap.xml and ${baseUrl}/llms.txt.`,
        instance: path,
        headers: { Vary: headers.Vary },
      });
    }
    const html = type === 'text/html';
    return new Response(html ? notFoundHtml(baseUrl, path) : notFoundMarkdown(baseUrl, path), {
      status: 404,
      headers: {
        ...headers,
        'Content-Type': html ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8',
      },
    });
  };
}
