import type { PageDataState } from './page-data.ts';
import { listPageItems } from './page-items.ts';
import { pagePath, type ResolvedPage } from '../content/page-paths.ts';

/** A link of an item page's navigation: its URL path and label. */
interface NavigationLink {
  href: string;
  label: string;
}

/** Where an item's page sits: its family's list page, and the items before and after it in the list's order. */
export interface ItemPageNavigation {
  /** The URL path of the family's list (`/biomarkers`, `/de/biomarkers`): its sidebar entry is the current one. */
  listPath: string;
  /** The neighbouring items in the order the list shows them (by category); none at either end. */
  previous: NavigationLink | undefined;
  next: NavigationLink | undefined;
}

/**
 * The navigation of an item's page (a marker's): undefined on any other page. Without the data (the catalog
 * unavailable) the list is still the current section, with no neighbours.
 */
export function itemPageNavigation(
  resolved: ResolvedPage | undefined,
  data: PageDataState | undefined,
  baseUrl: string,
): ItemPageNavigation | undefined {
  const item = resolved?.page.item;
  if (resolved === undefined || item === undefined) return undefined;
  const listPath = pagePath(resolved.locale, item.family.slug);
  const items = data?.ok === true ? listPageItems(data, resolved.locale, baseUrl) : [];
  const at = items.findIndex((each) => each.key === item.key);
  const link = (index: number): NavigationLink | undefined => {
    const other = at === -1 ? undefined : items[index];
    return other === undefined ? undefined : { href: `${listPath}/${other.key}`, label: other.name };
  };
  return { listPath, previous: link(at - 1), next: link(at + 1) };
}
