import { rateLimitKey } from '../../lib/http/client-address.ts';
import { markdownPath, pagePath } from '../../lib/content/page-paths.ts';
import { negotiate } from '../../lib/http/accept.ts';
import { PAGE_CACHE_CONTROL } from '../../lib/http/response-headers.ts';
import {
  memoizeByHeader,
  preferredCoding,
  sendBody,
  sendProblem,
  sendRepresentation,
  type Exchange,
} from '../http/send.ts';
import { Overloaded } from '../store/work-queue.ts';
import type { RenderedStore } from '../store/rendered-store.ts';
import type { PageResources, RenderedResource } from '../store/rendered-resources.ts';

/** A page's representations in the server's order: HTML unless Markdown is preferred (docs/guide.md, Markdown twins). */
const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;

/** Both representations of a page URL depend on these request headers, so caches must key on both (RFC 9110 §12.5.5). */
const PAGE_VARY = 'Accept, Accept-Encoding';

/** Site documents and `.md` twins, whose body `Accept` does not choose, vary by coding only. */
const CODING_VARY = 'Accept-Encoding';

/** Site documents' headers besides the representation's. */
const DOCUMENT_HEADERS = ['Vary', CODING_VARY];

/** Whether `Accept` prefers Markdown to HTML (RFC 9110 §12.5.1), parsed once per distinct header. */
const prefersMarkdown = memoizeByHeader((accept) => negotiate(accept, PAGE_OFFERS) === 'text/markdown');

/**
 * Answers a guide page: its `.md` sibling, or the page URL negotiated on `Accept` (the Markdown cites the HTML as
 * canonical, RFC 6596).
 */
export function answerPage(
  exchange: Exchange,
  store: RenderedStore,
  page: PageResources,
  format: 'page' | 'markdown',
): Promise<void> | void {
  const markdown = format === 'markdown' || prefersMarkdown(exchange.req.headers.accept);
  const { baseUrl } = exchange;
  // A filtered view's twin is filtered alike; its canonical stays the unfiltered page.
  const query = page.html.query === undefined ? '' : `?${page.html.query}`;
  const link = markdown
    ? `<${baseUrl}${pagePath(page.locale, page.page.slug)}>; rel="canonical"`
    : `<${baseUrl}${markdownPath(page.locale, page.page.slug)}${query}>; rel="alternate"; type="text/markdown"`;
  // A twin's URL names its format; a page URL's is negotiated, so a cache keys it on `Accept` as well.
  const vary = format === 'markdown' ? CODING_VARY : PAGE_VARY;
  return answerRendered(exchange, store, markdown ? page.markdown : page.html, ['Vary', vary, 'Link', link]);
}

/**
 * Answers anything Astro renders from the store; an error state (data unavailable) is passed on once, uncached (RFC
 * 9110 §15.6.3); a render refused because the renders are full is a 503 to retry.
 */
export function answerRendered(
  exchange: Exchange,
  store: RenderedStore,
  resource: RenderedResource,
  headers: readonly string[] = DOCUMENT_HEADERS,
): Promise<void> | void {
  const ready = store.peek(resource);
  if (ready !== undefined) {
    const options = { headers, cacheControl: PAGE_CACHE_CONTROL };
    return sendRepresentation(exchange, ready.representation, options);
  }
  const coding = resource.query === undefined ? undefined : preferredCoding(exchange.req.headers['accept-encoding']);
  const client = exchange.client === undefined ? undefined : rateLimitKey(exchange.client);
  return store.answer(resource, coding, client).then(
    (answer) => {
      if (answer.ok) {
        const { cacheControl, policy } = answer;
        const options = { headers, cacheControl, ...(policy === undefined ? {} : { policy }) };
        return sendRepresentation(exchange, answer.representation, options);
      }
      const { status, contentType, text } = answer.rendered;
      sendBody(exchange, status, contentType, text, { headers: [...headers, 'Cache-Control', 'no-store'] });
    },
    answerOverloaded(exchange, resource),
  );
}

/** The 503 of a render refused by the store's bound (RFC 9110 §15.6.4); any other failure passes on. */
const answerOverloaded = (exchange: Exchange, resource: RenderedResource) => (error: unknown) => {
  if (!(error instanceof Overloaded)) throw error;
  const detail = 'The server is preparing as many pages as it may at once; retry after the seconds in Retry-After.';
  const instance = resource.renderPath.split('?')[0]!;
  sendProblem(exchange, {
    code: 'service_unavailable',
    detail,
    instance,
    headers: { 'Retry-After': String(error.retryAfterS) },
  });
};
