import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { itemPageNavigation } from '../../lib/site-pages/item-page-navigation.ts';

type SidebarEntry = StarlightRouteData['sidebar'][number];
type SidebarLink = Extract<SidebarEntry, { type: 'link' }>;

const links = (entries: readonly SidebarEntry[]): SidebarLink[] =>
  entries.flatMap((entry) => (entry.type === 'link' ? [entry] : links(entry.entries)));

const makeLink = (href: string, label: string): SidebarLink => ({
  type: 'link',
  href,
  label,
  isCurrent: false,
  badge: undefined,
  attrs: {},
});

/**
 * Starlight marks as current the sidebar entry of the page's own path, and pages through the sidebar's order. A
 * marker's page is in no sidebar: it belongs to its list's entry ("Biomarkers"), which it marks as current, and its
 * previous and next pages are the markers beside it in the list (`item-page-navigation.ts`).
 */
export const onRequest = defineRouteMiddleware((context) => {
  const navigation = itemPageNavigation(context.locals.page, context.locals.pageData, context.locals.config.baseUrl);
  if (navigation === undefined) return;
  const route = context.locals.starlightRoute;
  const list = links(route.sidebar).find((link) => link.href.replace(/\/$/, '') === navigation.listPath);
  if (list !== undefined) list.isCurrent = true;
  const { previous, next } = navigation;
  route.pagination = {
    prev: previous === undefined ? undefined : makeLink(previous.href, previous.label),
    next: next === undefined ? undefined : makeLink(next.href, next.label),
  };
});
