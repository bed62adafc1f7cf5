import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES, isItemKey, itemPageEntry, type GuidePageEntry } from './page-registry.ts';

/** Which representation a path asks for: the page itself (negotiated) or its `.md` sibling. */
type PathFormat = 'page' | 'markdown';

/** A request path resolved to a page of the guide. */
export interface ResolvedPage {
  page: GuidePageEntry;
  locale: Locale;
  format: PathFormat;
}

/** The HTML URL path of a page: `/`, `/developers`, `/de`, `/de/docs/mcp`. */
export function pagePath(locale: Locale, slug: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  if (slug === '') return prefix === '' ? '/' : prefix;
  return `${prefix}/${slug}`;
}

/** The `.md` sibling of a page, its Markdown twin: `/developers.md`, `/index.md`, `/de/index.md`. */
export function markdownPath(locale: Locale, slug: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return `${prefix}/${slug === '' ? 'index' : slug}.md`;
}

/** The id of a page's entry in the `pages` collection: `en/index`, `de/docs/mcp`. */
export const contentId = (locale: Locale, slug: string): string => `${locale}/${slug === '' ? 'index' : slug}`;

/**
 * The language of a code block, from the page file it is written in
 * (`content/pages/<lang>/…`), so that Expressive Code labels its copy button in the page's
 * language. Starlight's own lookup expects pages under `src/content/docs/` and answers
 * English for every page of this site.
 */
export function blockLocale({ file }: { file: { path: string } }): Locale {
  const lang = /[\\/]content[\\/]pages[\\/]([^\\/]+)[\\/]/.exec(file.path)?.[1] ?? '';
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * The other `.md` sibling of a home page: "append `.md` to its path" gives `/.md` and
 * `/de.md`, which answer like `/index.md` and `/de/index.md` (their `Link` names the page).
 */
const homeMarkdownAlias = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '/.md' : `/${locale}.md`);

/** Every path the guide answers, built once from the registry. */
const PATHS: ReadonlyMap<string, ResolvedPage> = new Map(
  GUIDE_PAGES.flatMap((page) =>
    LOCALES.flatMap((locale): Array<[string, ResolvedPage]> => [
      [pagePath(locale, page.slug), { page, locale, format: 'page' }],
      [markdownPath(locale, page.slug), { page, locale, format: 'markdown' }],
      ...(page.slug === ''
        ? [[homeMarkdownAlias(locale), { page, locale, format: 'markdown' }] as [string, ResolvedPage]]
        : []),
    ]),
  ),
);

/** The page of an item family a path names by its form alone: `/de/biomarkers/egfr(.md)`. */
function resolveItemPath(pathname: string): ResolvedPage | undefined {
  for (const family of ITEM_PAGE_FAMILIES) {
    for (const locale of LOCALES) {
      const prefix = `${pagePath(locale, family.slug)}/`;
      if (!pathname.startsWith(prefix)) continue;
      const rest = pathname.slice(prefix.length);
      const format: PathFormat = rest.endsWith('.md') ? 'markdown' : 'page';
      const key = format === 'markdown' ? rest.slice(0, -'.md'.length) : rest;
      if (isItemKey(key)) return { page: itemPageEntry(family, key), locale, format };
    }
  }
  return undefined;
}

/**
 * The page a request path names, or undefined when the guide has no such page. Exact
 * match only: no trailing slash, no `/en/` prefix, no case folding, so every page has
 * one URL per representation (`canonicalPagePath` names it for the near misses). An item family's path is matched by its form; whether the
 * item exists is for `resolvePageRequest`, which reads the data.
 */
export const resolvePagePath = (pathname: string): ResolvedPage | undefined =>
  PATHS.get(pathname) ?? resolveItemPath(pathname);

const SLASH = '/'.charCodeAt(0);

/** An item's key with its ASCII capitals lowered, when `pathname` is in an item family: `/biomarkers/HbA1c.md`. */
function lowerItemKey(pathname: string): string {
  for (const family of ITEM_PAGE_FAMILIES) {
    for (const locale of LOCALES) {
      const prefix = `${pagePath(locale, family.slug)}/`;
      if (!pathname.startsWith(prefix)) continue;
      return prefix + pathname.slice(prefix.length).replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
    }
  }
  return pathname;
}

/**
 * The one URL of a page a near miss names: without trailing slashes (`/developers/`, `/de/`) and with an item's key
 * in lower case (`/biomarkers/HbA1c`). Undefined when `pathname` is already canonical or names no page by its form
 * (whether an item exists is for the caller, which reads the data).
 */
export function canonicalPagePath(pathname: string): { path: string; resolved: ResolvedPage } | undefined {
  // One scan and one copy, however many slashes a request sends.
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === SLASH) end -= 1;
  const path = lowerItemKey(pathname.slice(0, end));
  if (path === pathname) return undefined;
  const resolved = resolvePagePath(path);
  return resolved === undefined ? undefined : { path, resolved };
}
