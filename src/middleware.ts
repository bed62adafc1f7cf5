import type { MiddlewareHandler, MiddlewareNext } from 'astro';
import { loadPageData } from './lib/site-pages/page-data.ts';
import { resolvePageRequest } from './lib/site-pages/page-items.ts';
import { pageMarkdown } from './lib/site-pages/page-markdown.ts';
import { substituteBaseUrl } from './lib/markdown/markdown-printer.ts';

/** The route pattern of `src/pages/[...page].astro`, which renders every guide page. */
export const PAGE_ROUTE = '/[...page]';

const HTML_TYPE = 'text/html; charset=utf-8';
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/**
 * Starlight writes `data-theme="dark"` and leaves the reader's choice to its inline script, so without
 * JavaScript every page was dark. Without the attribute, theme.css follows the system's colour scheme.
 */
const followSystemScheme = (html: string): string =>
  html.replace(/^(<!DOCTYPE html><html\b[^>]*?) data-theme="dark"/i, '$1');

/** Renders the page's HTML through Astro (the route and its components). */
async function renderHtml(next: MiddlewareNext, path: string, baseUrl: string): Promise<string> {
  const rendered = await next();
  if (rendered.status !== 200) throw new Error(`rendering ${path} answered ${rendered.status}`);
  return followSystemScheme(substituteBaseUrl(await rendered.text(), baseUrl));
}

/**
 * Astro renders only for the site server (src/server/), which negotiates, adds the headers and keeps the result per
 * data version, and hands every render its services in `context.locals` (`RenderServices`). This step names the guide
 * page a path asks for (`context.locals.page`; an unknown path is a bare 404), loads its data from the site's catalog
 * service, and renders it as HTML or, for its `.md` path, its Markdown twin; without its data it is the error state,
 * 502.
 */
export const onRequest: MiddlewareHandler = async function renderGuidePage(context, next) {
  if (context.routePattern !== PAGE_ROUTE) return next();
  const page = await resolvePageRequest(context.url.pathname, context.locals);
  if (page === undefined) return new Response(null, { status: 404 });
  context.locals.page = page;
  const data = await loadPageData(page.page.data, context.locals);
  if (data !== undefined) context.locals.pageData = data;
  const { config } = context.locals;
  const markdown = page.format === 'markdown';
  const body = markdown
    ? await pageMarkdown(page.locale, page.page, context.locals, data, context.url.searchParams)
    : await renderHtml(next, context.url.pathname, config.baseUrl);
  // RFC 9110 §15.6.3: the upstream the page is built from failed.
  const status = data?.ok === false ? 502 : 200;
  return new Response(body, { status, headers: { 'Content-Type': markdown ? MARKDOWN_TYPE : HTML_TYPE } });
};
