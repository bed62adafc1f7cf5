import type { MiddlewareHandler, MiddlewareNext } from 'astro';
import { SingleFlightCache } from '../lib/cache/single-flight-cache.ts';
import { formatFilter, parseFilter } from '../lib/catalog-page/biomarker-filter.ts';
import { loadPageData, pageDataVersion, type PageDataState } from '../lib/content/page-data.ts';
import { pageMarkdown } from '../lib/content/page-markdown.ts';
import { markdownPath, pagePath, type ResolvedPage } from '../lib/content/page-paths.ts';
import { negotiate } from '../lib/http/accept.ts';
import { substituteBaseUrl } from '../lib/markdown/substitute-base-url.ts';
import { createRepresentation, type Representation } from '../lib/http/representation.ts';
import { representationResponse } from '../lib/http/representation-response.ts';
import { PAGE_CACHE_CONTROL } from '../lib/pages/document-response.ts';

/** A page's representations in the server's order: HTML unless Markdown is preferred (spec 4.4). */
const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;

/** Both representations of a page URL depend on these request headers. */
const VARY = 'Accept, Accept-Encoding';

const HTML_TYPE = 'text/html; charset=utf-8';
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** Options of the page step. */
export interface PageRepresentationOptions {
  baseUrl: string;
}

/** Whether a request for `page` gets Markdown: its `.md` sibling, or an `Accept` that prefers it. */
const wantsMarkdown = (page: ResolvedPage, request: Request): boolean =>
  page.format === 'markdown' || negotiate(request.headers.get('accept'), PAGE_OFFERS) === 'text/markdown';

/** Renders the page's HTML through Astro (the route and its components). */
async function renderHtml(next: MiddlewareNext, htmlUrl: string, baseUrl: string): Promise<string> {
  const rendered = await next();
  if (rendered.status !== 200) throw new Error(`rendering ${htmlUrl} answered ${rendered.status}`);
  return substituteBaseUrl(await rendered.text(), baseUrl);
}

/** How long caches may reuse a page: as long as its data stays fresh, or the static pages' time. */
const cacheControl = (data: PageDataState | undefined): string =>
  data?.ok === true ? `public, max-age=${data.freshForS}` : PAGE_CACHE_CONTROL;

/**
 * Answers guide pages with HTML or Markdown from memory. The first request for each
 * renders it (HTML through Astro, Markdown from the MDX source), later ones reuse the
 * bytes, compressed once, with an ETag. A data-driven page (registry `data`) loads its
 * data on every request, cheaply from the catalog cache, and is rendered again only when
 * the data's version changes; while the data is unavailable it is rendered with its error
 * state and answered 502, uncached. The rate limiter and the steps before this one still
 * see every request, since pages are rendered on demand.
 */
export function pageRepresentation({ baseUrl }: PageRepresentationOptions): MiddlewareHandler {
  const cache = new SingleFlightCache<Representation>();
  return async function pageRepresentationStep(context, next) {
    const page = context.locals.page;
    if (page === undefined) return next();
    const { locale, page: entry } = page;
    const data = await loadPageData(entry.data);
    if (data !== undefined) context.locals.pageData = data;
    const htmlUrl = `${baseUrl}${pagePath(locale, entry.slug)}`;
    const markdown = wantsMarkdown(page, context.request);
    const headers = markdown
      ? // The HTML page is the one to index and to cite (RFC 6596).
        { Vary: VARY, Link: `<${htmlUrl}>; rel="canonical"` }
      : { Vary: VARY, Link: `<${baseUrl}${markdownPath(locale, entry.slug)}>; rel="alternate"; type="text/markdown"` };
    const query = entry.filtered === true ? formatFilter(parseFilter(context.url.searchParams)) : '';
    const render = async () =>
      markdown
        ? pageMarkdown(locale, entry, baseUrl, data, context.url.searchParams)
        : renderHtml(next, htmlUrl, baseUrl);
    if (data?.ok === false) {
      // RFC 9110 §15.6.3: the upstream the page is built from failed; say so, and let no cache keep it.
      const type = markdown ? MARKDOWN_TYPE : HTML_TYPE;
      return new Response(await render(), {
        status: 502,
        headers: { ...headers, 'Content-Type': type, 'Cache-Control': 'no-store' },
      });
    }
    if (query !== '') {
      // A filtered view: the site server keeps it in its bounded cache (rendered-store.ts);
      // kept here too, request input would grow this cache without bound.
      // Nor compressed here: the site server asks for identity and compresses what it keeps.
      const type = markdown ? MARKDOWN_TYPE : HTML_TYPE;
      return new Response(await render(), {
        headers: { ...headers, 'Content-Type': type, 'Cache-Control': cacheControl(data) },
      });
    }
    const key = `${markdown ? 'md' : 'html'} ${htmlUrl}`;
    const stored = await cache.get(
      key,
      async () => createRepresentation(await render(), markdown ? MARKDOWN_TYPE : HTML_TYPE),
      pageDataVersion(data),
    );
    return representationResponse(stored, context.request, { headers, cacheControl: cacheControl(data) });
  };
}
