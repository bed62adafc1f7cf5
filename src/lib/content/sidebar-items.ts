import { listNavItems } from './nav-items.ts';
import type { Locale } from './locales.ts';

/** One link of Starlight's sidebar, in the shape its `sidebar` prop takes. */
export interface SidebarLink {
  label: string;
  link: string;
}

/**
 * The sidebar of a locale, built from the page registry (the pages with `nav`), so that
 * adding a page stays one registry line plus its MDX files. Links are given without the
 * locale prefix: Starlight puts the page's locale in front of them itself.
 */
export async function listSidebarLinks(locale: Locale): Promise<SidebarLink[]> {
  const items = await listNavItems(locale);
  return items.map((item) => ({ label: item.label, link: `/${item.slug}` }));
}
