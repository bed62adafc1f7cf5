import { negotiate } from '../../lib/http/accept.ts';
import { notFoundHtml, notFoundMarkdown } from '../../lib/http/not-found-body.ts';
import { localeOfPath } from '../../lib/content/error-page-templates.ts';
import { LLMS_TXT_PATH, SITEMAP_PATH } from '../../lib/schemas/site-paths.ts';
import type { ErrorPages } from '../store/error-pages.ts';
import { memoizeByHeader, sendBody, sendProblem, type Exchange } from '../http/send.ts';

/** Representations of a 404, in order of preference; `*\/*` gets the first. */
const NOT_FOUND_OFFERS = ['text/markdown', 'text/html', 'application/problem+json', 'application/json'] as const;

/** The 404 form `Accept` selects, parsed once per distinct header. */
const notFoundType = memoizeByHeader((accept) => negotiate(accept, NOT_FOUND_OFFERS) ?? 'text/markdown');

/** Every 404 form depends on these request headers. */
const VARY = 'Accept, Accept-Encoding';

/**
 * The 404 (docs/service.md, "Conventions every response follows"): Markdown by default, a `not_found` Problem for
 * JSON, the build's styled page in the path's locale for HTML. The body names the path, so it is filled from a
 * template per request, without Astro.
 */
export function answerNotFound(exchange: Exchange, path: string, errorPages?: ErrorPages): void {
  const { baseUrl } = exchange;
  const type = notFoundType(exchange.req.headers.accept);
  if (type === 'application/problem+json' || type === 'application/json') {
    const detail = `No resource exists at ${path}. See ${baseUrl}${SITEMAP_PATH} and ${baseUrl}${LLMS_TXT_PATH}.`;
    return sendProblem(exchange, { code: 'not_found', detail, instance: path, headers: { Vary: VARY } });
  }
  const headers = ['Vary', VARY, 'Cache-Control', 'no-cache'];
  if (type === 'text/html') {
    const page = errorPages?.notFound(localeOfPath(path), path);
    const html = page?.body ?? notFoundHtml(baseUrl, path);
    return sendBody(exchange, 404, 'text/html; charset=utf-8', html, {
      headers,
      ...(page === undefined ? {} : { policy: page.policy }),
    });
  }
  sendBody(exchange, 404, 'text/markdown; charset=utf-8', notFoundMarkdown(baseUrl, path), { headers });
}
