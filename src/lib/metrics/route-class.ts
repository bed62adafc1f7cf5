import { CATALOG_PATH } from '../catalog/catalog-path.ts';
import { resolvePagePath } from '../content/page-paths.ts';

/** The bounded set of route classes requests are counted by: never the raw path. */
export const ROUTE_CLASSES = [
  'catalog',
  'token',
  'discovery',
  'openapi',
  'page',
  'markdown',
  'static',
  'health',
  'not_found',
  'other',
] as const;

/** One of ROUTE_CLASSES. */
export type RouteClass = (typeof ROUTE_CLASSES)[number];

const EXACT: ReadonlyMap<string, RouteClass> = new Map<string, RouteClass>([
  [CATALOG_PATH, 'catalog'],
  ['/oauth/token', 'token'],
  ['/openapi.json', 'openapi'],
  ['/api/openapi.yaml', 'openapi'],
  ['/llms.txt', 'discovery'],
  ['/llms-full.txt', 'discovery'],
  ['/sitemap.xml', 'discovery'],
  ['/robots.txt', 'discovery'],
  ['/healthz', 'health'],
]);

/**
 * The route class of a request for metrics labels. Any 404 is `not_found` (whatever the
 * path, so scanners cannot create classes); an unparseable target is `other`. Files of
 * the build output (`/_astro/…`, images, the favicon) are `static`.
 */
export function routeClass(path: string | undefined, status: number): RouteClass {
  if (status === 404) return 'not_found';
  if (path === undefined) return 'other';
  const exact = EXACT.get(path);
  if (exact !== undefined) return exact;
  if (path.startsWith('/.well-known/')) return 'discovery';
  const page = resolvePagePath(path);
  if (page !== undefined) return page.format === 'markdown' ? 'markdown' : 'page';
  if (path.startsWith('/_astro/') || path.startsWith('/images/') || path === '/favicon.svg') return 'static';
  return 'other';
}
