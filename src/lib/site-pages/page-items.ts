import { buildCatalogView } from '../catalog-page/build-catalog-view.ts';
import { assignMarkerKeys } from '../catalog-page/marker-keys.ts';
import type { Locale } from '../content/locales.ts';
import { loadPageData, type LoadedPageData, type PageDataServices } from './page-data.ts';
import { resolvePagePath, type ResolvedPage } from '../content/page-paths.ts';
import type { GuidePageEntry, PageFrontmatter } from '../content/page-registry.ts';

/** One item of a family's data as its page names it in one locale. */
export interface PageItem {
  key: string;
  name: string;
  /** The item's own description in the page's language; undefined when the data has none in it. */
  description: string | undefined;
}

/** The keys of every item in the data: exactly the `<slug>/<key>` pages of its family that exist. */
const listItemKeys = (data: LoadedPageData): string[] => [...assignMarkerKeys(data.catalog.panels).values()];

/**
 * Every item in the data, in the order its index page lists them (by
 * category for the biomarkers), named in `locale`: what the sitemap, `llms.txt` and each
 * page's title read.
 */
export function listPageItems(data: LoadedPageData, locale: Locale, baseUrl: string): PageItem[] {
  const view = buildCatalogView(data.catalog.panels, { locale, baseUrl, otherCategory: '' });
  return view.categories.flatMap((category) =>
    category.markers.map(({ key, name, description }) => ({
      key,
      name: name.text,
      description: description?.lang.split('-')[0]?.toLowerCase() === locale ? description.text : undefined,
    })),
  );
}

/**
 * The frontmatter of an item's page: its family template's, with `{name}` in the title
 * replaced by the item's name, and the item's own description as the description where
 * the data has one in the page's language (the template's, filled in, otherwise).
 */
export function itemFrontmatter(template: PageFrontmatter, item: PageItem): PageFrontmatter {
  return {
    ...template,
    title: template.title.replaceAll('{name}', item.name),
    description: item.description ?? template.description.replaceAll('{name}', item.name),
  };
}

/** The keys of each family's items, for the data version they were listed from. */
const keysByFamily = new Map<string, { version: string; keys: ReadonlySet<string> }>();

/**
 * Whether an item's page exists: its key is in the family's data (from `services`) as it is now. While the
 * data is unavailable the key cannot be checked, and the page answers with its error
 * state (502), as its family's index does. The keys are listed once per data version.
 */
export async function itemPageExists(page: GuidePageEntry, services: PageDataServices): Promise<boolean> {
  const item = page.item;
  if (item === undefined) return true;
  const data = await loadPageData(item.family.data, services);
  if (data === undefined || !data.ok) return true;
  let listed = keysByFamily.get(item.family.slug);
  if (listed?.version !== data.version) {
    listed = { version: data.version, keys: new Set(listItemKeys(data)) };
    keysByFamily.set(item.family.slug, listed);
  }
  return listed.keys.has(item.key);
}

/** The page a request path names, checked against the data for an item's page: an unknown key is no page (404). */
export async function resolvePageRequest(
  pathname: string,
  services: PageDataServices,
): Promise<ResolvedPage | undefined> {
  const resolved = resolvePagePath(pathname);
  return resolved !== undefined && (await itemPageExists(resolved.page, services)) ? resolved : undefined;
}
