import { formatFilter, parseFilter } from '../../lib/catalog-page/biomarker-filter.ts';
import { CHROME_QUERY } from '../../lib/catalog-page/catalog-views.ts';
import { LOCALES, type Locale } from '../../lib/content/locales.ts';
import type { PageDataServices } from '../../lib/site-pages/page-data.ts';
import { markdownPath, pagePath } from '../../lib/content/page-paths.ts';
import type { PageSummary, SitePageIndex } from '../../lib/site-pages/site-page-index.ts';
import type { Rendered } from './astro-renderer.ts';
import {
  GUIDE_PAGES,
  ITEM_PAGE_FAMILIES,
  type GuidePageEntry,
  type PageDataSource,
} from '../../lib/content/page-registry.ts';

/** What Astro renders for the site: a page in one locale and format, or a site document. */
export interface RenderedResource {
  /** Names the resource in the store and in the build's output. */
  key: string;
  /** The path Astro renders it at, and the `Accept` it is asked with. */
  renderPath: string;
  accept: string;
  /**
   * The data its content is built from: rendered once per version of it, its `max-age` counted down with the data's
   * freshness. None: rendered once per build, with the constant `max-age` of a page.
   */
  sources: readonly PageDataSource[];
  /** Made in bulk, one per item of its data (a marker's page): many are made at each new version. */
  bulk?: boolean;
  /** A filtered view's normalized query (`formatFilter`): request input, so such a view is made per request, never kept. */
  query?: string;
  /**
   * A filtered view's unfiltered page, whose CSP was made before any request input was filled in, so input never adds
   * a hash: a query could otherwise allow a script of its own (docs/security.md, "What it defends against").
   */
  unfiltered?: RenderedResource;
  /**
   * A filtered view's chromes, its page rendered once per data version with one slot for a view's body: the HTML
   * page's, whose slot carries what a view is made from, and for a Markdown view the twin's.
   */
  chromes?: { html: RenderedResource; markdown?: RenderedResource };
  /** Builds it without Astro's page renders (`llms.txt`, the sitemap); none: Astro renders it at `renderPath`. */
  build?: (context: BuildContext) => Promise<Rendered>;
}

/** What the store gives a resource that builds itself. */
export interface BuildContext {
  baseUrl: string;
  /** Where the data comes from: the services Astro's renders are given. */
  services: PageDataServices;
  /** The frontmatter of every page: the build's index, or rendered through Astro where there is none (`npm run dev`). */
  pageIndex: () => Promise<SitePageIndex>;
}

/** A guide page in one locale: its two representations, chosen by `Accept` or the `.md` path. */
export interface PageResources {
  page: GuidePageEntry;
  locale: Locale;
  html: RenderedResource;
  markdown: RenderedResource;
}

const pageResource = (page: GuidePageEntry, locale: Locale, format: 'html' | 'markdown'): RenderedResource => ({
  key: `${format} ${pagePath(locale, page.slug)}`,
  renderPath: format === 'html' ? pagePath(locale, page.slug) : markdownPath(locale, page.slug),
  accept: format === 'html' ? 'text/html' : 'text/markdown',
  sources: page.data === undefined ? [] : [page.data],
  ...(page.item === undefined ? {} : { bulk: true }),
});

/** The two representations of `page` in `locale`. */
export const pageResources = (page: GuidePageEntry, locale: Locale): PageResources => ({
  page,
  locale,
  html: pageResource(page, locale, 'html'),
  markdown: pageResource(page, locale, 'markdown'),
});

/** A page rendered as the chrome of its filtered views (`catalog-views.ts`). */
const chromeOf = (resource: RenderedResource): RenderedResource => ({
  ...resource,
  key: `${resource.key}?${CHROME_QUERY}`,
  renderPath: `${resource.renderPath}?${CHROME_QUERY}`,
});

/** A resource's view filtered by a normalized, non-empty query. */
const withQuery = (
  resource: RenderedResource,
  query: string,
  chromes: NonNullable<RenderedResource['chromes']>,
): RenderedResource => ({
  ...resource,
  key: `${resource.key}?${query}`,
  renderPath: `${resource.renderPath}?${query}`,
  query,
  unfiltered: resource,
  chromes,
});

/**
 * A filtering page's view for a query string, normalized so equal views share one entry; the page itself when nothing
 * filters.
 */
export function filteredPageResources(page: PageResources, search: string): PageResources {
  if (page.page.filtered !== true || search === '') return page;
  const query = formatFilter(parseFilter(new URLSearchParams(search)));
  if (query === '') return page;
  const html = chromeOf(page.html);
  return {
    ...page,
    html: withQuery(page.html, query, { html }),
    markdown: withQuery(page.markdown, query, { html, markdown: chromeOf(page.markdown) }),
  };
}

/** A view of a filtering page whose answer renders both of the page's chromes: what the preparation asks for. */
const CHROME_VIEW_QUERY = 'q=a';

/**
 * What a background pass prepares, in this order: each data-driven page of `pages` (the list of the site's pages for
 * the data of the moment, item pages included) in both formats, with a view of a filtering page so that its chromes
 * are rendered, then the `documents` built from data.
 */
export function dataResources(
  pages: readonly PageSummary[],
  documents: readonly RenderedResource[],
): RenderedResource[] {
  const resources: RenderedResource[] = [];
  for (const summary of pages) {
    if (summary.page.data === undefined) continue;
    const page = pageResources(summary.page, summary.locale);
    resources.push(page.html, page.markdown);
    if (summary.page.filtered === true) resources.push(filteredPageResources(page, CHROME_VIEW_QUERY).markdown);
  }
  return [...resources, ...documents.filter((document) => document.sources.length > 0)];
}

/** Every representation of every page of the registry in every locale, in registry order. */
export const PAGE_RENDERED_RESOURCES: readonly RenderedResource[] = GUIDE_PAGES.flatMap((page) =>
  LOCALES.flatMap((locale) => {
    const { html, markdown } = pageResources(page, locale);
    return [html, markdown];
  }),
);

/** The data that decides which item pages exist, so the sitemap and `llms.txt` rebuild when it changes. */
const ITEM_SOURCES: readonly PageDataSource[] = [...new Set(ITEM_PAGE_FAMILIES.map((family) => family.data))];

/** The data sources of the default locale's pages and items, each once: what `llms-full.txt` is built from. */
const FULL_TEXT_SOURCES: readonly PageDataSource[] = [
  ...new Set([...GUIDE_PAGES.flatMap((page) => (page.data === undefined ? [] : [page.data])), ...ITEM_SOURCES]),
];

/** A site document Astro renders at its own path (`src/pages/`), once per version of `sources`. */
export const renderedDocument = (path: string, sources: readonly PageDataSource[] = []): RenderedResource => ({
  key: path,
  renderPath: path,
  accept: '*/*',
  sources,
});

/** `llms-full.txt`: every default-locale page's twin, rendered by Astro per version of their data. */
export const fullTextDocument = (path: string): RenderedResource => renderedDocument(path, FULL_TEXT_SOURCES);

/** A builder of a document from the list of the site's pages (`src/lib/discovery/`), imported on first use. */
type PageListBuilder = () => Promise<(pages: PageSummary[], baseUrl: string) => string>;

/**
 * A site document the server builds from the build's page index and the current data, once per version of the data
 * that decides which item pages exist: no Astro render (`RenderedStore` gives the index).
 */
const pageListDocument = (path: string, contentType: string, builder: PageListBuilder): RenderedResource => ({
  ...renderedDocument(path, ITEM_SOURCES),
  build: async ({ baseUrl, services, pageIndex }) => {
    const [index, { listSitePagesOf }, build] = await Promise.all([
      pageIndex(),
      import('../../lib/site-pages/site-page-index.ts'),
      builder(),
    ]);
    return { status: 200, contentType, text: build(await listSitePagesOf(index, baseUrl, services), baseUrl) };
  },
});

/** `llms.txt` (llmstxt.org): the map of the site for LLMs and agents. */
export const llmsTxtDocument = (path: string): RenderedResource =>
  pageListDocument(
    path,
    'text/plain; charset=utf-8',
    async () => (await import('../../lib/discovery/build-llms-txt.ts')).buildLlmsTxt,
  );

/** The sitemap: every indexable page in every locale, with its alternates. */
export const sitemapDocument = (path: string): RenderedResource =>
  pageListDocument(
    path,
    'application/xml; charset=utf-8',
    async () => (await import('../../lib/discovery/build-crawl-documents.ts')).buildSitemap,
  );
