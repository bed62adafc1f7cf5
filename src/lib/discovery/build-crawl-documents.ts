import { DEFAULT_LOCALE } from '../content/locales.ts';
import { escapeHtml } from '../http/html-escape.ts';
import type { PageSummary } from '../site-pages/site-page-index.ts';
import { SITEMAP_PATH } from '../schemas/site-paths.ts';

/** What the sitemap reads of a page; the slug groups the `hreflang` alternates of its language versions. */
type SitemapPage = Pick<PageSummary, 'locale' | 'path' | 'lastUpdated'> & { page: Pick<PageSummary['page'], 'slug'> };

/**
 * `/sitemap.xml` (sitemaps.org 0.9): every indexable HTML page per locale, with `lastmod` and `xhtml:link`
 * alternates (itself and `x-default` included), as search engines read localized versions. No twins, no error pages.
 */
export function buildSitemap(pages: readonly SitemapPage[], baseUrl: string): string {
  const urls = pages.map((page) => {
    const versions = pages.filter((other) => other.page.slug === page.page.slug);
    const fallback = versions.find((other) => other.locale === DEFAULT_LOCALE);
    const alternates = [
      ...versions.map((other) => ({ hreflang: other.locale, path: other.path })),
      ...(fallback === undefined ? [] : [{ hreflang: 'x-default', path: fallback.path }]),
    ];
    return [
      '  <url>',
      `    <loc>${escapeHtml(baseUrl + page.path)}</loc>`,
      `    <lastmod>${page.lastUpdated.toISOString().slice(0, 10)}</lastmod>`,
      ...alternates.map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(baseUrl + alternate.path)}"/>`,
      ),
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** What the crawl rules depend on. */
export interface RobotsTxtInput {
  baseUrl: string;
  /** Only production may be indexed, so no other copy of the site competes with it in search results. */
  production: boolean;
}

/**
 * `/robots.txt` (RFC 9309): in production all allowed and the sitemap named (§2.2.4 permits the extension); elsewhere
 * `Disallow: /`. The server also sends `X-Robots-Tag: noindex` there, since robots.txt governs crawling, not indexing.
 */
export function buildRobotsTxt({ baseUrl, production }: RobotsTxtInput): string {
  if (!production) return ['User-agent: *', 'Disallow: /', ''].join('\n');
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${baseUrl}${SITEMAP_PATH}`, ''].join('\n');
}
