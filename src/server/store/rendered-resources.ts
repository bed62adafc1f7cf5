import { formatFilter, parseFilter } from '../../lib/catalog-page/biomarker-filter.ts';
import { TEMPLATE_QUERY } from '../../lib/catalog-page/browser-slots.ts';
import { LOCALES, type Locale } from '../../lib/content/locales.ts';
import type { PageDataSource } from '../../lib/content/page-data.ts';
import { markdownPath, pagePath } from '../../lib/content/page-paths.ts';
import {
  CHANGELOG_FEED_PATH,
  GUIDE_PAGES,
  ITEM_PAGE_FAMILIES,
  type GuidePageEntry,
} from '../../lib/content/page-registry.ts';

/** What Astro renders for the site: a page in one locale and format, or a site document. */
export interface RenderedResource {
  /** Names the resource in the store and in the build's output. */
  key: string;
  /** The path Astro renders it at, and the `Accept` it is asked with. */
  renderPath: string;
  accept: string;
  /** The data its content is built from: rendered once per version of it. None: rendered once per build. */
  sources: readonly PageDataSource[];
  /** Whether `Cache-Control` follows the data's freshness (pages) or stays the documents' 5 minutes. */
  followsDataFreshness: boolean;
  /** Made in bulk, one per item of its data (a marker's page): many are made at each new version. */
  bulk?: boolean;
  /** A filtered view's normalized query (`formatFilter`): request input, so such views live in a bounded cache. */
  query?: string;
  /**
   * A filtered view's page, whose CSP was made before any request input was filled in, so input never adds a hash:
   * a query could otherwise allow a script of its own (docs/security.md, "What it defends against").
   */
  template?: RenderedResource;
  /**
   * A filtered view's templates, rendered once per data version and filled per query: the HTML page's (which carries
   * the data that fills both) and, for a Markdown view, the twin's.
   */
  viewTemplates?: { html: RenderedResource; markdown?: RenderedResource };
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
  followsDataFreshness: true,
  ...(page.item === undefined ? {} : { bulk: true }),
});

/** The two representations of `page` in `locale`. */
export const pageResources = (page: GuidePageEntry, locale: Locale): PageResources => ({
  page,
  locale,
  html: pageResource(page, locale, 'html'),
  markdown: pageResource(page, locale, 'markdown'),
});

/** A page rendered as the template of its filtered views (`browser-slots.ts`). */
const templateOf = (resource: RenderedResource): RenderedResource => ({
  ...resource,
  key: `${resource.key}?${TEMPLATE_QUERY}`,
  renderPath: `${resource.renderPath}?${TEMPLATE_QUERY}`,
});

/** A resource's view filtered by a normalized, non-empty query. */
const withQuery = (
  resource: RenderedResource,
  query: string,
  viewTemplates: NonNullable<RenderedResource['viewTemplates']>,
): RenderedResource => ({
  ...resource,
  key: `${resource.key}?${query}`,
  renderPath: `${resource.renderPath}?${query}`,
  query,
  template: resource,
  viewTemplates,
});

/**
 * A filtering page's view for a query string, normalized so equal views share one entry; the page itself when nothing
 * filters.
 */
export function filteredPageResources(page: PageResources, search: string): PageResources {
  if (page.page.filtered !== true || search === '') return page;
  const query = formatFilter(parseFilter(new URLSearchParams(search)));
  if (query === '') return page;
  const html = templateOf(page.html);
  return {
    ...page,
    html: withQuery(page.html, query, { html }),
    markdown: withQuery(page.markdown, query, { html, markdown: templateOf(page.markdown) }),
  };
}

/** Every page of the registry in every locale, in registry order. */
const PAGE_RESOURCES: readonly PageResources[] = GUIDE_PAGES.flatMap((page) =>
  LOCALES.map((locale) => pageResources(page, locale)),
);

const document = (path: string, sources: readonly PageDataSource[] = []): RenderedResource => ({
  key: path,
  renderPath: path,
  accept: '*/*',
  sources,
  followsDataFreshness: false,
});

/** The data that decides which item pages exist, so the sitemap and `llms.txt` rebuild when it changes. */
const itemSources: PageDataSource[] = [...new Set(ITEM_PAGE_FAMILIES.map((family) => family.data))];

/** The data sources of the default locale's pages and items, each once: what `llms-full.txt` is built from. */
const fullTextSources: PageDataSource[] = [
  ...new Set([...GUIDE_PAGES.flatMap((page) => (page.data === undefined ? [] : [page.data])), ...itemSources]),
];

/** Site documents built from the content and the registry (`src/lib/discovery/`), by URL path. */
export const DOCUMENT_RESOURCES: ReadonlyMap<string, RenderedResource> = new Map(
  [
    document('/llms.txt', itemSources),
    document('/sitemap.xml', itemSources),
    document('/llms-full.txt', fullTextSources),
    // From `content/changelog.yaml` alone: rendered by the build, like a page without data.
    document(CHANGELOG_FEED_PATH),
  ].map((r) => [r.renderPath, r]),
);

/** Every resource Astro renders; `npm run build` prepares those without data sources. */
export const RENDERED_RESOURCES: readonly RenderedResource[] = [
  ...PAGE_RESOURCES.flatMap((entry) => [entry.html, entry.markdown]),
  ...DOCUMENT_RESOURCES.values(),
];
