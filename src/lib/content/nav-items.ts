import { getPageEntry } from './guide-pages.ts';
import type { Locale } from './locales.ts';
import { pagePath } from './page-paths.ts';
import { GUIDE_PAGES } from './page-registry.ts';

/** One link of the main navigation. */
export interface NavItem {
  slug: string;
  path: string;
  label: string;
}

/** The main navigation of a locale: every registered page with `nav`, labelled from its frontmatter. */
export async function listNavItems(locale: Locale): Promise<NavItem[]> {
  const pages = GUIDE_PAGES.filter((page) => page.nav);
  return Promise.all(
    pages.map(async ({ slug }) => {
      const { data } = await getPageEntry(locale, slug);
      return { slug, path: pagePath(locale, slug), label: data.navLabel ?? data.title };
    }),
  );
}
