import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';

type SidebarEntry = StarlightRouteData['sidebar'][number];
type PaginationLink = NonNullable<StarlightRouteData['pagination']['next']>;

/**
 * The name of the page `href` leads to, for a page inside a sidebar group: the group's name for
 * its own page (its first link, "Overview" in the sidebar), else the group's name and the page's.
 */
function nameInGroup(entries: SidebarEntry[], href: string): string | undefined {
  for (const entry of entries) {
    if (entry.type !== 'group') continue;
    const index = entry.entries.findIndex((child) => child.type === 'link' && child.href === href);
    if (index === 0) return entry.label;
    if (index > 0) return `${entry.label}: ${entry.entries[index]!.label}`;
    const inner = nameInGroup(entry.entries, href);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * Previous/next links named after the page they lead to. Starlight takes the sidebar's label,
 * which under its group's heading is clear but alone is not ("Next: Overview", "Next: Token"):
 * a page of a group is named with its group ("Next: API reference", "Next: API reference: Token").
 */
export const onRequest = defineRouteMiddleware((context) => {
  const { sidebar, pagination } = context.locals.starlightRoute;
  for (const link of [pagination.prev, pagination.next] as (PaginationLink | undefined)[]) {
    const name = link === undefined ? undefined : nameInGroup(sidebar, link.href);
    if (link !== undefined && name !== undefined) link.label = name;
  }
});
