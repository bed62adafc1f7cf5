import { getEntry, type CollectionEntry } from 'astro:content';
import { LOCALES, type Locale } from './locales.ts';
import type { PageFrontmatter } from './page-frontmatter-schema.ts';
import { contentId, markdownPath, pagePath } from './page-paths.ts';
import { GUIDE_PAGES, type GuidePageEntry } from './page-registry.ts';
import type { UiStrings } from './ui-strings-schema.ts';

/** A page in one locale with its frontmatter and URLs: what nav, sitemap and llms.txt need. */
export interface PageSummary extends PageFrontmatter {
  page: GuidePageEntry;
  locale: Locale;
  /** URL path of the HTML page, e.g. `/de/auth`. */
  path: string;
  /** URL path of the Markdown twin, e.g. `/de/auth.md`. */
  markdownPath: string;
}

/**
 * The collection entry of a registered page. A registered page without its MDX file is a
 * build mistake, not a 404, so it throws (and the integration tests fetch every page).
 */
export async function getPageEntry(locale: Locale, slug: string): Promise<CollectionEntry<'pages'>> {
  const entry = await getEntry('pages', contentId(locale, slug));
  if (entry === undefined) throw new Error(`content/pages/${contentId(locale, slug)}.mdx is missing`);
  return entry;
}

/** The interface strings of a locale (`content/i18n/<lang>.yaml`). */
export async function getUiStrings(locale: Locale): Promise<UiStrings> {
  const entry = await getEntry('ui', locale);
  if (entry === undefined) throw new Error(`content/i18n/${locale}.yaml is missing`);
  return entry.data;
}

/** Summary of one page in one locale. */
export async function getPageSummary(page: GuidePageEntry, locale: Locale): Promise<PageSummary> {
  const { data } = await getPageEntry(locale, page.slug);
  return {
    ...data,
    page,
    locale,
    path: pagePath(locale, page.slug),
    markdownPath: markdownPath(locale, page.slug),
  };
}

/** Every registered page in every locale, in registry order, locales in `LOCALES` order. */
export async function listPageSummaries(): Promise<PageSummary[]> {
  return Promise.all(GUIDE_PAGES.flatMap((page) => LOCALES.map((locale) => getPageSummary(page, locale))));
}
