import type { PageDataSource } from './page-data.ts';

/** Where a page is listed in `llms.txt` (llmstxt.org H2 sections). */
export type LlmsSection = 'Guide' | 'API';

/** A page of the guide: one MDX file per locale at `content/pages/<lang>/<slug or index>.mdx`. */
export interface GuidePageEntry {
  /** Path below the locale root without slashes at either end; `''` is the home page. */
  slug: string;
  /** Whether the header navigation links it. */
  nav: boolean;
  /** The `llms.txt` section that lists it. */
  section: LlmsSection;
  /**
   * Data the page is built from besides its MDX (its components read it). A static page
   * is rendered once per process; a data-driven one once per version of its data, and
   * shows an error state (502) while the data is unavailable.
   */
  data?: PageDataSource;
}

/**
 * Every page of the guide, in navigation and `llms.txt` order. Routing, navigation,
 * the sitemap, `llms.txt` and the Markdown twins all read this list: adding a page is
 * one line here plus its MDX file in each locale.
 */
export const GUIDE_PAGES: readonly GuidePageEntry[] = [
  { slug: '', nav: true, section: 'Guide' },
  { slug: 'developers', nav: true, section: 'Guide' },
  { slug: 'developers/api', nav: true, section: 'API', data: 'openapi' },
  { slug: 'biomarkers', nav: true, section: 'Guide', data: 'catalog' },
  { slug: 'auth', nav: true, section: 'Guide' },
  { slug: 'webhooks', nav: true, section: 'Guide' },
  { slug: 'docs/mcp', nav: true, section: 'Guide' },
];
