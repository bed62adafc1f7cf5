/**
 * The pages the quality tests visit, found the way a crawler finds them: the paths of
 * `/sitemap.xml`, plus the error pages a browser can meet. Nothing here knows the
 * markup or the page list of today's guide, so the same tests hold for any renderer.
 */
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';

/** A page to check, with the status and the language a browser should get for it. */
export interface SitePage {
  path: string;
  status: 200 | 404 | 429;
  /** The `lang` of the page: the path's locale prefix. */
  locale: string;
  /** A name for reports and screenshot files ("developers-api", "de-not-found"). */
  name: string;
}

/** Locales other than the default, as path prefixes (`/de/…`); the default has none. */
const PREFIXED_LOCALES = ['de'];

/** The locale a path is in: its first segment when that is a locale prefix, else English. */
function localeOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return PREFIXED_LOCALES.includes(first) ? first : 'en';
}

/** A file-name-safe name for a path: `/` is "index", `/de/developers/api` "de-developers-api". */
function pageName(path: string): string {
  const name = path.replace(/^\/+|\/+$/g, '').replace(/[^\w-]+/g, '-');
  return name === '' ? 'index' : name;
}

/** The paths of a sitemap's `<loc>` entries, in their order (sitemaps.org 0.9). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/**
 * Pages made from one template in bulk (more than `largeFamily` siblings under one parent,
 * like one page per marker) are sampled: the first, the middle and the last of each family.
 * Every other page is kept. Sampling keeps browser checks in budget on two cores; the
 * crawler and html-validate still see every page.
 */
export function samplePaths(paths: string[], largeFamily = 8, keep = 3): string[] {
  const parent = (path: string) => path.replace(/\/[^/]*$/, '');
  const families = new Map<string, string[]>();
  for (const path of paths) families.set(parent(path), [...(families.get(parent(path)) ?? []), path]);
  const sampled = new Set<string>();
  for (const members of families.values()) {
    if (members.length <= largeFamily) {
      members.forEach((path) => sampled.add(path));
      continue;
    }
    for (let i = 0; i < keep; i += 1) sampled.add(members[Math.round((i * (members.length - 1)) / (keep - 1))]!);
  }
  return paths.filter((path) => sampled.has(path));
}

/** The sitemap's pages as {@link SitePage}s (each must answer 200). */
export function sitemapPages(xml: string): SitePage[] {
  return sitemapPaths(xml).map((path) => ({ path, status: 200, locale: localeOf(path), name: pageName(path) }));
}

/**
 * The error pages a browser meets: an unknown path in each locale (404), and a guide page
 * of each locale once the client's quota is used up (429; see {@link exhaustQuota}).
 */
export function errorPages(): SitePage[] {
  return ['en', 'de'].flatMap((locale) => {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    return [
      { path: `${prefix}/no-such-page`, status: 404, locale, name: `${locale}-not-found` },
      { path: `${prefix}/developers`, status: 429, locale, name: `${locale}-rate-limited` },
    ] satisfies SitePage[];
  });
}

/** The per-client quota of the API: requests per window. */
export const QUOTA = CATALOG_POLICY.limit;

/** Spends a client's whole quota on `/robots.txt`, so its next request gets a 429. */
export async function exhaustQuota(get: (path: string) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < QUOTA; i += 1) await get('/robots.txt');
}
