import { problemResponse } from '../problem/problem-response.ts';
import { negotiate } from './accept.ts';
import { notFoundHtml, notFoundMarkdown } from './not-found-body.ts';

/** Representations of a 404, in order of preference; `*\/*` gets the first. */
export const NOT_FOUND_OFFERS = ['text/markdown', 'text/html', 'application/problem+json', 'application/json'] as const;

/**
 * The 404 of the site (spec 4.4): a short Markdown body by default, an HTML page for
 * browsers that prefer HTML, a `not_found` Problem for JSON clients. Used for paths no
 * route matches and for paths the guide's page route does not know, so both look alike.
 */
export function notFoundResponse(baseUrl: string, request: Request, path: string): Response {
  const type = negotiate(request.headers.get('accept'), NOT_FOUND_OFFERS) ?? 'text/markdown';
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
}
