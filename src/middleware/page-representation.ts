import type { MiddlewareHandler, MiddlewareNext } from 'astro';
import { loadPageData, type PageDataState } from '../lib/content/page-data.ts';
import { pageMarkdown } from '../lib/content/page-markdown.ts';
import { markdownPath, pagePath, type ResolvedPage } from '../lib/content/page-paths.ts';
import { negotiate } from '../lib/http/accept.ts';
import { substituteBaseUrl } from '../lib/markdown/mdx-to-markdown.ts';
import { PAGE_CACHE_CONTROL } from '../lib/http/response-headers.ts';

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

/**
 * Starlight writes `data-theme="dark"` and leaves the reader's choice to its inline script, so without
 * JavaScript every page was dark. Without the attribute, theme.css follows the system's colour scheme.
 */
const followSystemScheme = (html: string): string =>
  html.replace(/^(<!DOCTYPE html><html\b[^>]*?) data-theme="dark"/i, '$1');

/** Renders the page's HTML through Astro (the route and its components). */
async function renderHtml(next: MiddlewareNext, htmlUrl: string, baseUrl: string): Promise<string> {
  const rendered = await next();
  if (rendered.status !== 200) throw new Error(`rendering ${htmlUrl} answered ${rendered.status}`);
  return followSystemScheme(substituteBaseUrl(await rendered.text(), baseUrl));
}

/** How long caches may reuse a page: as long as its data stays fresh, or the static pages' time. */
const cacheControl = (data: PageDataState | undefined): string =>
  data?.ok === true ? `public, max-age=${data.freshForS}` : PAGE_CACHE_CONTROL;

/**
 * Renders a guide page as HTML or its Markdown twin, with its data when the registry names a source. Only the site
 * server asks, keeping the result per data version; without data it is the error state, 502 and uncached.
 */
export function pageRepresentation({ baseUrl }: PageRepresentationOptions): MiddlewareHandler {
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
    const type = markdown ? MARKDOWN_TYPE : HTML_TYPE;
    const body = markdown
      ? await pageMarkdown(locale, entry, baseUrl, data, context.url.searchParams)
      : await renderHtml(next, htmlUrl, baseUrl);
    if (data?.ok === false) {
      // RFC 9110 §15.6.3: the upstream the page is built from failed; say so, and let no cache keep it.
      return new Response(body, {
        status: 502,
        headers: { ...headers, 'Content-Type': type, 'Cache-Control': 'no-store' },
      });
    }
    // Identity only: the site server compresses off the event loop; compressing here too ran Brotli synchronously.
    return new Response(body, { headers: { ...headers, 'Content-Type': type, 'Cache-Control': cacheControl(data) } });
  };
}
