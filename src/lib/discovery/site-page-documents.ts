import { DEFAULT_LOCALE } from '../content/locales.ts';
import type { PageSummary } from '../content/site-page-index.ts';
import { API_RESOURCES } from './api-resources.ts';
import { buildLlmsTxt } from './build-llms-txt.ts';
import { buildSitemap } from './build-sitemap.ts';
import { LLMS_NAME, LLMS_NOTES } from './llms-notes.ts';

/** URL path of the full-text companion of `llms.txt`. */
export const LLMS_FULL_PATH = '/llms-full.txt';

/**
 * The text of `/llms.txt` for the site's pages as they are now (`assembleSitePages`): the
 * same whether the Astro route or the server builds it.
 */
export function llmsTxtOf(pages: readonly PageSummary[], baseUrl: string): string {
  const home = pages.find((page) => page.page.slug === '' && page.locale === DEFAULT_LOCALE);
  return buildLlmsTxt({
    baseUrl,
    name: LLMS_NAME,
    summary: home?.description ?? LLMS_NAME,
    notes: LLMS_NOTES,
    pages: pages.map((page) => ({ ...page, section: page.page.section })),
    api: API_RESOURCES,
    fullTextPath: LLMS_FULL_PATH,
  });
}

/** The text of `/sitemap.xml` for the site's pages as they are now. */
export function sitemapXmlOf(pages: readonly PageSummary[], baseUrl: string): string {
  return buildSitemap(
    baseUrl,
    pages.map((page) => ({ ...page, slug: page.page.slug })),
  );
}
