import { LOCALES, type Locale } from '../content/locales.ts';
import { loadPageData, type PageDataServices, type PageDataState } from './page-data.ts';
import { itemFrontmatter, listPageItems } from './page-items.ts';
import { contentId, markdownPath, pagePath } from '../content/page-paths.ts';
import {
  GUIDE_PAGES,
  ITEM_PAGE_FAMILIES,
  itemPageEntry,
  type GuidePageEntry,
  type ItemPageFamily,
  type PageFrontmatter,
} from '../content/page-registry.ts';

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
 * Everything the list of the site's pages is made of besides the data: the frontmatter of each registered page and of
 * each item family's template in each locale, by content id (`de/auth`, `en/biomarkers/[key]`). The build writes it
 * from the content collection (`dist/prepared/site-pages.json`), so the server builds `llms.txt` and the sitemap for
 * each catalog version without loading Astro.
 */
export type SitePageIndex = Record<string, PageFrontmatter>;

/** The summary of `page` in `locale` with the frontmatter it is shown with. */
const summarizePage = (page: GuidePageEntry, locale: Locale, frontmatter: PageFrontmatter): PageSummary => ({
  ...frontmatter,
  page,
  locale,
  path: pagePath(locale, page.slug),
  markdownPath: markdownPath(locale, page.slug),
});

/** Reads an index from its JSON text: dates come back as `Date`s. */
export function parseSitePageIndex(text: string): SitePageIndex {
  return JSON.parse(text, (key, value: unknown) =>
    key === 'lastUpdated' && typeof value === 'string' ? new Date(value) : value,
  ) as SitePageIndex;
}

/** The frontmatter `index` holds for a page or template; missing is a build mistake, so it throws. */
function frontmatterOf(index: SitePageIndex, locale: Locale, slug: string): PageFrontmatter {
  const frontmatter = index[contentId(locale, slug)];
  if (frontmatter === undefined)
    throw new Error(`the site page index has no frontmatter for ${contentId(locale, slug)}`);
  return frontmatter;
}

/**
 * Every page in every locale: the registry's pages (registry order, locales in `LOCALES`
 * order), then one per item of each family's data as it is now (in its index's order); a
 * family whose data is unavailable (`dataOf` not ok) has none for the moment.
 * @internal
 */
export function assembleSitePages(
  index: SitePageIndex,
  dataOf: (family: ItemPageFamily) => PageDataState | undefined,
  baseUrl: string,
): PageSummary[] {
  const pages = GUIDE_PAGES.flatMap((page) =>
    LOCALES.map((locale) => summarizePage(page, locale, frontmatterOf(index, locale, page.slug))),
  );
  for (const family of ITEM_PAGE_FAMILIES) {
    const data = dataOf(family);
    if (data?.ok !== true) continue;
    for (const locale of LOCALES) {
      const template = frontmatterOf(index, locale, family.template);
      for (const item of listPageItems(data, locale, baseUrl)) {
        pages.push(summarizePage(itemPageEntry(family, item.key), locale, itemFrontmatter(template, item)));
      }
    }
  }
  return pages;
}

/** `assembleSitePages` with each item family's data as it is now in `services`: what the sitemap and `llms.txt` list. */
export async function listSitePagesOf(
  index: SitePageIndex,
  baseUrl: string,
  services: PageDataServices,
): Promise<PageSummary[]> {
  const data = new Map(
    await Promise.all(
      ITEM_PAGE_FAMILIES.map(async (family) => [family, await loadPageData(family.data, services)] as const),
    ),
  );
  return assembleSitePages(index, (family) => data.get(family), baseUrl);
}
