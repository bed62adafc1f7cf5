import { getEntry, type CollectionEntry } from 'astro:content';
import { LOCALES, type Locale } from '../content/locales.ts';
import type { PageDataServices, PageDataState } from './page-data.ts';
import { itemFrontmatter, listPageItems } from './page-items.ts';
import { contentId } from '../content/page-paths.ts';
import {
  contentSlug,
  GUIDE_PAGES,
  ITEM_PAGE_FAMILIES,
  type GuidePageEntry,
  type PageFrontmatter,
} from '../content/page-registry.ts';
import { listSitePagesOf, type PageSummary, type SitePageIndex } from './site-page-index.ts';
import type { UiStrings } from '../content/ui-strings-schema.ts';
import { missingTranslation } from '../content/translations.ts';

/**
 * The collection entry of a registered page. A registered page without its MDX file is a
 * build mistake, not a 404, so it throws (and the integration tests fetch every page).
 */
async function getPageEntry(locale: Locale, slug: string): Promise<CollectionEntry<'pages'>> {
  const entry = await getEntry('pages', contentId(locale, slug));
  if (entry === undefined) throw missingTranslation(locale, `content/pages/${contentId(locale, slug)}.mdx`);
  return entry;
}

/** The interface strings of a locale (`content/i18n/<lang>.yaml`). */
export async function getUiStrings(locale: Locale): Promise<UiStrings> {
  const entry = await getEntry('ui', locale);
  if (entry === undefined) throw missingTranslation(locale, `content/i18n/${locale}.yaml`);
  return entry.data;
}

/** The interface strings of every locale but `locale`, in `LOCALES` order. */
export const getOtherUiStrings = (locale: Locale): Promise<UiStrings[]> =>
  Promise.all(LOCALES.filter((other) => other !== locale).map(getUiStrings));

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
  const items = data?.ok === true ? listPageItems(data, locale, baseUrl) : [];
  const item = items.find((each) => each.key === ref.key) ?? { key: ref.key, name: ref.key, description: undefined };
  return { entry, frontmatter: itemFrontmatter(entry.data, item) };
}

/** The frontmatter of every registered page and item template in every locale, from the content collection. */
export async function getSitePageIndex(): Promise<SitePageIndex> {
  const slugs = [...GUIDE_PAGES.map((page) => page.slug), ...ITEM_PAGE_FAMILIES.map((family) => family.template)];
  const entries = await Promise.all(slugs.flatMap((slug) => LOCALES.map((locale) => getPageEntry(locale, slug))));
  return Object.fromEntries(entries.map((entry) => [entry.id, entry.data]));
}

/**
 * Every page in every locale: the registry's pages, then one per item of each item
 * family's data as it is now in `services` (`listSitePagesOf`). The sitemap and `llms.txt` list these,
 * and a serving layer that prepares pages ahead of time can enumerate them here.
 */
export async function listSitePages(baseUrl: string, services: PageDataServices): Promise<PageSummary[]> {
  return listSitePagesOf(await getSitePageIndex(), baseUrl, services);
}

/** One link of Starlight's sidebar, in the shape its `sidebar` prop takes. */
interface SidebarLink {
  label: string;
  link: string;
}

/** A sidebar entry: a link, or a group of the links below one page (the API reference's families). */
export type SidebarEntry = SidebarLink | { label: string; collapsed: boolean; items: SidebarLink[] };

/**
 * The sidebar of a locale, built from the page registry: every page with `nav`, labelled
 * from its frontmatter, so that adding a page stays one registry line plus its MDX files.
 * A page that others name as `parent` heads a group of itself (as its overview) and them,
 * open on those pages only.
 * Links are given without the locale prefix: Starlight puts the page's locale in front of
 * them itself.
 */
export async function listSidebarLinks(locale: Locale): Promise<SidebarEntry[]> {
  const ui = await getUiStrings(locale);
  const links = await Promise.all(
    GUIDE_PAGES.filter((page) => page.nav).map(async ({ slug, parent }) => {
      const { data } = await getPageEntry(locale, slug);
      return { slug, parent, label: data.navLabel ?? data.title, link: `/${slug}` };
    }),
  );
  return links.flatMap(({ slug, parent, label, link }): SidebarEntry[] => {
    if (parent !== undefined) return [];
    const children = links.filter((other) => other.parent === slug).map((c) => ({ label: c.label, link: c.link }));
    // Collapsed but on its own pages, where Starlight opens the group of the current page.
    const items = [{ label: ui.overview, link }, ...children];
    return children.length === 0 ? [{ label, link }] : [{ label, collapsed: true, items }];
  });
}
