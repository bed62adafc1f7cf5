import { getEntry, type CollectionEntry } from 'astro:content';
import { LOCALES, type Locale } from './locales.ts';
import { loadPageData, pageDataVersion, type PageDataState } from './page-data.ts';
import type { PageFrontmatter } from './page-frontmatter-schema.ts';
import { itemFrontmatter, listPageItems, type PageItem } from './page-items.ts';
import { contentId, markdownPath, pagePath } from './page-paths.ts';
import { contentSlug, GUIDE_PAGES, ITEM_PAGE_FAMILIES, itemPageEntry, type GuidePageEntry } from './page-registry.ts';
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

/** A page's MDX entry and the frontmatter it is shown with. */
export interface PageContent {
  entry: CollectionEntry<'pages'>;
  frontmatter: PageFrontmatter;
}

/**
 * The MDX a page is rendered from and its frontmatter: an item's page is its family's
 * template, titled with the item's name from `data` (its key while the data is unavailable).
 */
export async function getPageContent(
  locale: Locale,
  page: GuidePageEntry,
  data: PageDataState | undefined,
  baseUrl: string,
): Promise<PageContent> {
  const entry = await getPageEntry(locale, contentSlug(page));
  const ref = page.item;
  if (ref === undefined) return { entry, frontmatter: entry.data };
  const items = data?.ok === true ? listPageItems(ref.family, data, locale, baseUrl) : [];
  const item = items.find((each) => each.key === ref.key) ?? { key: ref.key, name: ref.key, description: undefined };
  return { entry, frontmatter: itemFrontmatter(entry.data, item) };
}

/** Summary of one page in one locale; `frontmatter` when it is not the MDX file's own (an item's page). */
export async function getPageSummary(
  page: GuidePageEntry,
  locale: Locale,
  frontmatter?: PageFrontmatter,
): Promise<PageSummary> {
  const data = frontmatter ?? (await getPageEntry(locale, page.slug)).data;
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

/** The version of every item family's data: the list of the site's pages changes exactly when this does. */
export async function sitePagesVersion(): Promise<string> {
  const data = await Promise.all(ITEM_PAGE_FAMILIES.map((family) => loadPageData(family.data)));
  return data.map(pageDataVersion).join(' ');
}

/** The pages of one family's items in one locale. */
async function itemSummaries(items: readonly PageItem[], page: (key: string) => GuidePageEntry, locale: Locale) {
  const template = (await getPageEntry(locale, contentSlug(page('')))).data;
  return Promise.all(items.map((item) => getPageSummary(page(item.key), locale, itemFrontmatter(template, item))));
}

/**
 * Every page in every locale: the registry's pages (registry order), then one per item
 * of each item family's data as it is now (in its index's order); a family whose data is
 * unavailable has none for the moment. The sitemap and `llms.txt` list these, and a
 * serving layer that prepares pages ahead of time can enumerate them here.
 */
export async function listSitePages(baseUrl: string): Promise<PageSummary[]> {
  const pages = await listPageSummaries();
  for (const family of ITEM_PAGE_FAMILIES) {
    const data = await loadPageData(family.data);
    if (data?.ok !== true) continue;
    for (const locale of LOCALES) {
      const items = listPageItems(family, data, locale, baseUrl);
      pages.push(...(await itemSummaries(items, (key) => itemPageEntry(family, key), locale)));
    }
  }
  return pages;
}
