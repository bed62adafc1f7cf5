import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiate } from '../lib/http/accept.ts';
import { notFoundHtml, notFoundMarkdown } from '../lib/http/not-found-body.ts';
import { NOT_FOUND_OFFERS } from '../lib/http/not-found-response.ts';
import { memoizeByHeader } from './header-memo.ts';
import { sendProblem } from './send-problem.ts';
import { sendBody } from './send-representation.ts';

/** The 404 form `Accept` selects, parsed once per distinct header. */
const notFoundType = memoizeByHeader((accept) => negotiate(accept, NOT_FOUND_OFFERS) ?? 'text/markdown');

/** Every 404 form depends on these request headers. */
const VARY = 'Accept, Accept-Encoding';

/**
 * The site's 404 (spec 4.4), exactly as `notFoundResponse` builds it for Astro: Markdown by
 * default, HTML for clients preferring it, a `not_found` Problem for JSON clients. The body
 * names the path, so it is made per request, from a template and without Astro.
 */
export function sendNotFound(
  req: IncomingMessage,
  res: ServerResponse,
  base: string[],
  baseUrl: string,
  path: string,
): void {
  const type = notFoundType(req.headers.accept);
  if (type === 'application/problem+json' || type === 'application/json') {
    const detail = `No resource exists at ${path}. See ${baseUrl}/sitemap.xml and ${baseUrl}/llms.txt.`;
    return sendProblem(res, baseUrl, { code: 'not_found', detail, instance: path, headers: { Vary: VARY } }, base);
  }
  const headers = [...base, 'Vary', VARY, 'Cache-Control', 'no-cache'];
  if (type === 'text/html') {
    return sendBody(req, res, 404, headers, 'text/html; charset=utf-8', notFoundHtml(baseUrl, path));
  }
  sendBody(req, res, 404, headers, 'text/markdown; charset=utf-8', notFoundMarkdown(baseUrl, path));
}
