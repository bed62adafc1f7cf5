import type { MiddlewareHandler } from 'astro';
import { SingleFlightCache } from '../lib/cache/single-flight-cache.ts';
import { pageMarkdown } from '../lib/content/page-markdown.ts';
import { markdownPath, pagePath, type ResolvedPage } from '../lib/content/page-paths.ts';
import { negotiate } from '../lib/http/accept.ts';
import { substituteBaseUrl } from '../lib/markdown/substitute-base-url.ts';
import { createRepresentation, type Representation } from '../lib/pages/representation.ts';
import { representationResponse } from '../lib/pages/representation-response.ts';

/** A page's representations in the server's order: HTML unless Markdown is preferred (spec 4.4). */
const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;

/** Both representations of a page URL depend on these request headers. */
const VARY = 'Accept, Accept-Encoding';

/** Options of the page step. */
export interface PageRepresentationOptions {
  baseUrl: string;
}

/** Whether a request for `page` gets Markdown: its `.md` sibling, or an `Accept` that prefers it. */
const wantsMarkdown = (page: ResolvedPage, request: Request): boolean =>
  page.format === 'markdown' || negotiate(request.headers.get('accept'), PAGE_OFFERS) === 'text/markdown';

/**
 * Answers guide pages with HTML or Markdown from memory. The first request for each
 * renders it (HTML through Astro, Markdown from the MDX source), later ones reuse the
 * bytes, compressed once, with an ETag. The rate limiter and the steps before this one
 * still see every request, since pages are rendered on demand.
 */
export function pageRepresentation({ baseUrl }: PageRepresentationOptions): MiddlewareHandler {
  const cache = new SingleFlightCache<Representation>();
  return async function pageRepresentationStep(context, next) {
    const page = context.locals.page;
    if (page === undefined) return next();
    const { locale, page: entry } = page;
    const htmlUrl = `${baseUrl}${pagePath(locale, entry.slug)}`;
    const markdownUrl = `${baseUrl}${markdownPath(locale, entry.slug)}`;
    if (wantsMarkdown(page, context.request)) {
      const markdown = await cache.get(`md ${htmlUrl}`, async () =>
        createRepresentation(await pageMarkdown(locale, entry.slug, baseUrl), 'text/markdown; charset=utf-8'),
      );
      return representationResponse(markdown, context.request, {
        Vary: VARY,
        // The HTML page is the one to index and to cite (RFC 6596).
        Link: `<${htmlUrl}>; rel="canonical"`,
      });
    }
    const html = await cache.get(`html ${htmlUrl}`, async () => {
      const rendered = await next();
      if (rendered.status !== 200) throw new Error(`rendering ${htmlUrl} answered ${rendered.status}`);
      return createRepresentation(substituteBaseUrl(await rendered.text(), baseUrl), 'text/html; charset=utf-8');
    });
    return representationResponse(html, context.request, {
      Vary: VARY,
      Link: `<${markdownUrl}>; rel="alternate"; type="text/markdown"`,
    });
  };
}
