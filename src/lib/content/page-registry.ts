import { z } from 'zod';
import { API_FAMILIES, API_REFERENCE_SLUG, apiFamilySlug } from './api-families.ts';

/** Data a page can be built from besides its MDX; named by a registry entry's `data`. */
export type PageDataSource = 'catalog';

/** Frontmatter of every MDX page in `content/pages/<lang>/`. */
export const PageFrontmatterSchema = z.strictObject({
  /** The page's H1, `<title>`, and its name in `llms.txt` and the Markdown twin's `# Title`. */
  title: z.string().trim().min(1).max(80),
  /** One or two sentences: the meta description, the lead paragraph, the `llms.txt` note. */
  description: z.string().trim().min(20).max(300),
  /** Short label for the navigation; the title when absent. */
  navLabel: z.string().trim().min(1).max(24).optional(),
  /** Date of the last substantive change (YYYY-MM-DD): the sitemap's `lastmod`. */
  lastUpdated: z.coerce.date(),
});

/** The validated frontmatter of a page. */
export type PageFrontmatter = z.infer<typeof PageFrontmatterSchema>;

/**
 * The longest `<title>` a search result shows whole; html-validate's `long-title` (in its
 * `recommended` set) flags longer ones, and Lighthouse's SEO audits read the same element.
 * @internal
 */
export const MAX_TITLE_LENGTH = 70;

/**
 * The document title of a guide page: "Site — Title" for the home page, "Title · Site"
 * elsewhere, and the page's own title alone when the site name would push it past
 * {@link MAX_TITLE_LENGTH} (some marker names are long: "NT-proBNP (N-terminal …)").
 */
export function documentTitle(siteName: string, pageTitle: string, isHome: boolean): string {
  const full = isHome ? `${siteName} — ${pageTitle}` : `${pageTitle} · ${siteName}`;
  return full.length <= MAX_TITLE_LENGTH ? full : pageTitle;
}

/** The data sources whose items can have pages of their own. */
type ItemPageSource = Extract<PageDataSource, 'catalog'>;

/** Where a page is listed in `llms.txt` (llmstxt.org H2 sections). */
export type LlmsSection = 'Guide' | 'API' | 'Biomarkers';

/** The item a page of an item family shows: the family and the item's key in the URL. */
export interface PageItemRef {
  family: ItemPageFamily;
  key: string;
}

/** A page of the guide: one MDX file per locale at `content/pages/<lang>/<slug or index>.mdx`. */
export interface GuidePageEntry {
  /** Path below the locale root without slashes at either end; `''` is the home page. */
  slug: string;
  /** Whether the header navigation links it. */
  nav: boolean;
  /**
   * The slug of the page whose sidebar group lists it (the API reference's family pages):
   * that page then heads a group of itself, as its overview, and its children.
   */
  parent?: string;
  /** The `llms.txt` section that lists it. */
  section: LlmsSection;
  /**
   * Data the page is built from besides its MDX (its components read it). A static page
   * is rendered once per process; a data-driven one once per version of its data, and
   * shows an error state (502) while the data is unavailable.
   */
  data?: PageDataSource;
  /** Set on the pages of an item family only: which item of the data the page shows. */
  item?: PageItemRef;
  /**
   * Set where the page filters its list by the request's query (the biomarker browser,
   * `biomarker-filter.ts`): each normalized query is a view of its own, made by the server
   * for the request from the page's templates and not kept.
   */
  filtered?: true;
}

/**
 * A family of data-driven pages, one per item of a data source: `/<slug>/<key>` in every
 * locale, each rendered from one MDX template with the item's data. Which keys exist is
 * read from the data (`listPageItems`), so routing, the sitemap, `llms.txt` and a serving
 * layer that prepares pages ahead of time all enumerate them from the same place.
 */
export interface ItemPageFamily {
  /** URL path of the family below the locale root; an item's page is `<slug>/<key>`. */
  slug: string;
  /** The MDX file of every item's page: `content/pages/<lang>/<template>.mdx`. */
  template: string;
  /** The `llms.txt` section that lists the items' pages. */
  section: LlmsSection;
  /** The data the items are enumerated from, and each page is built from. */
  data: ItemPageSource;
}

/**
 * The changelog page's slug (`content/changelog.yaml` rendered): `/changelog` and `/de/changelog`; its Atom feeds are
 * in `changelog-feeds.ts`.
 */
export const CHANGELOG_SLUG = 'changelog';

/**
 * Every page of the guide, in navigation and `llms.txt` order. Routing, navigation,
 * the sitemap, `llms.txt` and the Markdown twins all read this list: adding a page is
 * one line here plus its MDX file in each locale.
 */
export const GUIDE_PAGES: readonly GuidePageEntry[] = [
  { slug: '', nav: true, section: 'Guide' },
  { slug: 'developers', nav: true, section: 'Guide' },
  { slug: API_REFERENCE_SLUG, nav: true, section: 'API' },
  // The reference's page per family of operations, reached from the overview and its sidebar group.
  ...API_FAMILIES.map(({ id }): GuidePageEntry => ({
    slug: apiFamilySlug(id),
    nav: true,
    section: 'API',
    parent: API_REFERENCE_SLUG,
  })),
  { slug: 'biomarkers', nav: true, section: 'Guide', data: 'catalog', filtered: true },
  { slug: 'auth', nav: true, section: 'Guide' },
  { slug: 'webhooks', nav: true, section: 'Guide' },
  { slug: 'docs/mcp', nav: true, section: 'Guide' },
  { slug: CHANGELOG_SLUG, nav: true, section: 'Guide' },
];

/**
 * Every item page family: one page per marker of the catalog the site serves, keyed by
 * `metadata.key` (or the uuid where an origin gives no usable key).
 */
export const ITEM_PAGE_FAMILIES: readonly ItemPageFamily[] = [
  { slug: 'biomarkers', template: 'biomarkers/[key]', section: 'Biomarkers', data: 'catalog' },
];

/** A key that can name an item's page: kebab-case, at most 100 characters (a uuid is one). */
export const isItemKey = (key: string): boolean => key.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key);

/** The page of one item of a family, as routing and the page step see it. */
export const itemPageEntry = (family: ItemPageFamily, key: string): GuidePageEntry => ({
  slug: `${family.slug}/${key}`,
  nav: false,
  section: family.section,
  data: family.data,
  item: { family, key },
});

/** The slug of the MDX file a page is rendered from: its own, or its family's template. */
export const contentSlug = (page: GuidePageEntry): string => page.item?.family.template ?? page.slug;
