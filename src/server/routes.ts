import type { IncomingMessage } from 'node:http';
import { extname } from 'node:path';
import { CATALOG_PATH } from '../lib/schemas/catalog.ts';
import { HEALTH_PATH } from '../lib/schemas/health.ts';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  TOKEN_ENDPOINT_PATH,
} from '../lib/schemas/oauth.ts';
import { canonicalPagePath, resolvePagePath, type ResolvedPage } from '../lib/content/page-paths.ts';
import { CHANGELOG_FEED_PATH } from '../lib/content/page-registry.ts';
import {
  METADATA_CACHE_CONTROL,
  NO_STORE,
  OPENAPI_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
} from '../lib/http/response-headers.ts';
import type { PreparedBody } from './store/prepared.ts';
import {
  DOCUMENT_RESOURCES,
  pageResources,
  type PageResources,
  type RenderedResource,
} from './store/rendered-resources.ts';
import type { StaticAsset } from './handlers/static-assets.ts';
import type { QuotaUse } from './steps/rate-limit.ts';

/**
 * The one route table: per path family the handler, methods (so `Allow`, 405, OPTIONS), quota, metrics label and
 * cache policy. Dispatch, the 429 form, metrics and prepared documents read it; nothing else spells routes out.
 */

/** The bounded set of metrics labels: a request is counted by its route family, never its raw path. */
export const ROUTE_LABELS = [
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

/** One of ROUTE_LABELS. */
type RouteLabel = (typeof ROUTE_LABELS)[number];

/** Methods of every page and document: RFC 9110 §9.3.2, HEAD wherever GET is served. */
const READ_METHODS = ['GET', 'HEAD'] as const;

/** What every route of the table says about itself. */
export interface RoutePolicy {
  /** Methods served; OPTIONS is answered for every route besides these. */
  methods: readonly string[];
  /** Whether a GET or HEAD costs quota; an uncounted one still carries the RateLimit headers. */
  counted: boolean;
  label: RouteLabel;
  /** `Cache-Control` of a 200; undefined: it follows the data's freshness (catalog, pages) or the file (assets). */
  cacheControl: string | undefined;
  /** A path of the OpenAPI document: its clients are programs, so its errors are always Problems, never HTML. */
  api: boolean;
}

/** The handlers of exact paths. */
type PathHandler = 'catalog' | 'token' | 'health' | 'document' | 'rendered';

const row = (
  handler: PathHandler,
  label: RouteLabel,
  cacheControl: string | undefined,
  options: { methods?: readonly string[]; counted?: boolean; api?: boolean } = {},
): RoutePolicy & { handler: PathHandler } => ({
  handler,
  label,
  cacheControl,
  methods: options.methods ?? READ_METHODS,
  counted: options.counted ?? true,
  api: options.api ?? true,
});

/** Exact paths: the API (the paths of the OpenAPI document) and the site documents. */
export const PATH_ROUTES: ReadonlyMap<string, RoutePolicy & { handler: PathHandler }> = new Map([
  [CATALOG_PATH, row('catalog', 'catalog', undefined)],
  [TOKEN_ENDPOINT_PATH, row('token', 'token', NO_STORE, { methods: ['POST'] })],
  ['/openapi.json', row('document', 'openapi', OPENAPI_CACHE_CONTROL)],
  ['/api/openapi.yaml', row('document', 'openapi', OPENAPI_CACHE_CONTROL)],
  [AUTHORIZATION_SERVER_METADATA_PATH, row('document', 'discovery', METADATA_CACHE_CONTROL)],
  [PROTECTED_RESOURCE_METADATA_PATH, row('document', 'discovery', METADATA_CACHE_CONTROL)],
  // Probers (Docker's HEALTHCHECK, a readiness probe) must never be refused for a busy neighbour's requests.
  [HEALTH_PATH, row('health', 'health', NO_STORE, { counted: false })],
  ['/robots.txt', row('document', 'discovery', PAGE_CACHE_CONTROL, { api: false })],
  ['/llms.txt', row('rendered', 'discovery', PAGE_CACHE_CONTROL, { api: false })],
  ['/llms-full.txt', row('rendered', 'discovery', PAGE_CACHE_CONTROL, { api: false })],
  ['/sitemap.xml', row('rendered', 'discovery', PAGE_CACHE_CONTROL, { api: false })],
  [CHANGELOG_FEED_PATH, row('rendered', 'discovery', PAGE_CACHE_CONTROL, { api: false })],
]);

/** The guide's pages and their `.md` twins, from the page registry (`src/lib/content/`). */
const PAGE_POLICY = { methods: READ_METHODS, counted: true, cacheControl: undefined, api: false } as const;

/** Files a browser loads for a page besides the page itself: a page view is one request of the quota, not ten. */
const SUBRESOURCE_EXTENSIONS = new Set([
  '.css',
  '.js',
  '.mjs',
  '.wasm',
  '.woff2',
  '.woff',
  '.svg',
  '.png',
  '.ico',
  '.webp',
  '.avif',
  '.jpg',
]);
/** Folders whose every file is a subresource: Astro's bundles and the Pagefind index. */
const SUBRESOURCE_FOLDERS = ['/_astro/', '/pagefind/'];

/** Whether a file of the build output, at `path`, costs no quota. */
const isSubresource = (path: string): boolean =>
  SUBRESOURCE_FOLDERS.some((folder) => path.startsWith(folder)) || SUBRESOURCE_EXTENSIONS.has(extname(path));

/** Astro names its bundles by content hash: a new version is a new URL, so they never go stale. */
const HASHED = 'public, max-age=31536000, immutable';
/** Other files: fresh for a day, then reused for a week while revalidated in the background (RFC 5861 §3). */
const REVALIDATED = 'public, max-age=86400, stale-while-revalidate=604800';

const assetCacheControl = (path: string): string => (path.startsWith('/_astro/') ? HASHED : REVALIDATED);

/** The policy of a file of the build output at `path`. */
const assetPolicy = (path: string): RoutePolicy & { cacheControl: string } => ({
  methods: READ_METHODS,
  counted: !isSubresource(path),
  label: 'static',
  cacheControl: assetCacheControl(path),
  api: false,
});

/** The methods served at `path` (OPTIONS aside); a page's for any path the table does not name. */
const routeMethods = (path: string): readonly string[] => PATH_ROUTES.get(path)?.methods ?? READ_METHODS;

/** The `Allow` header at `path` (RFC 9110 §10.2.1), OPTIONS included. */
export const allowHeader = (path: string): string => [...routeMethods(path), 'OPTIONS'].join(', ');

/** A page of the registry in one locale and format. */
type PageRoute = { kind: 'page'; page: PageResources; format: 'page' | 'markdown' };

/** How the site answers a path: the table's policy and what the handler needs. */
export type SiteRoute = RoutePolicy &
  (
    | PageRoute
    | { kind: 'redirect'; location: string; to: PageRoute }
    | { kind: 'rendered'; resource: RenderedResource }
    | { kind: 'document'; document: PreparedBody; cacheControl: string }
    | { kind: 'asset'; asset: StaticAsset; cacheControl: string }
    | { kind: 'catalog' }
    | { kind: 'health' }
    | { kind: 'token' }
  );

/** A CORS preflight (Fetch §4.8): sent by a browser on a script's behalf, never by the script itself. */
const isPreflight = (req: IncomingMessage): boolean =>
  req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;

/**
 * How a request spends quota: `take` one; `peek` for a CORS preflight on a served route (free, but refused once
 * the quota is gone); `free` for an uncounted route's GET or HEAD (only its own ceiling applies, FREE_CEILING).
 * Everything else counts, OPTIONS too.
 */
export function quotaUse(route: SiteRoute | undefined, req: IncomingMessage): QuotaUse {
  if (route === undefined) return 'take';
  const method = req.method;
  if (method === 'OPTIONS') return isPreflight(req) ? 'peek' : 'take';
  if (!route.counted && (method === 'GET' || method === 'HEAD')) return 'free';
  return 'take';
}

/** A row of PATH_ROUTES with what its handler answers from. */
function bind(
  path: string,
  handler: PathHandler,
  policy: RoutePolicy,
  documents: ReadonlyMap<string, PreparedBody>,
): SiteRoute {
  switch (handler) {
    case 'document': {
      const document = documents.get(path);
      const { cacheControl } = policy;
      if (document === undefined || cacheControl === undefined) throw new Error(`no prepared document for ${path}`);
      return { ...policy, kind: 'document', document, cacheControl };
    }
    case 'rendered': {
      const resource = DOCUMENT_RESOURCES.get(path);
      if (resource === undefined) throw new Error(`no rendered resource for ${path}`);
      return { ...policy, kind: 'rendered', resource };
    }
    default:
      return { ...policy, kind: handler };
  }
}

/** The route of a page of the registry. */
const pageRoute = (resolved: ResolvedPage): RoutePolicy & PageRoute => ({
  ...PAGE_POLICY,
  label: resolved.format === 'markdown' ? 'markdown' : 'page',
  kind: 'page',
  page: pageResources(resolved.page, resolved.locale),
  format: resolved.format,
});

/** Every path the site answers: the build's files, the exact paths, then the registry's pages. */
export class SiteRoutes {
  readonly #routes = new Map<string, SiteRoute>();

  /** `documents`: what answers each `document` row; `assets`: the files of `dist/client`. */
  constructor(documents: ReadonlyMap<string, PreparedBody>, assets: ReadonlyMap<string, StaticAsset> = new Map()) {
    for (const [path, asset] of assets) this.#routes.set(path, { ...assetPolicy(path), kind: 'asset', asset });
    for (const [path, { handler, ...policy }] of PATH_ROUTES) {
      this.#routes.set(path, bind(path, handler, policy, documents));
    }
  }

  /** The route of `path`, or undefined for a path the site does not serve (404). */
  resolve(path: string): SiteRoute | undefined {
    const known = this.#routes.get(path);
    if (known !== undefined) return known;
    const resolved = resolvePagePath(path);
    if (resolved === undefined) return undefined;
    const route = pageRoute(resolved);
    // Registry paths are a fixed set, so this map stays bounded. An item's page (one per
    // catalog marker) matches by the key's shape, i.e. any request input: never kept here.
    if (resolved.page.item === undefined) this.#routes.set(path, route);
    return route;
  }

  /**
   * The permanent redirect of a path the site does not serve to the page it nearly names (`canonicalPagePath`), the
   * query kept; undefined when it names none. Pages only: an API path is exact, so a near miss of one is a 404.
   */
  redirect(path: string, query: string): SiteRoute | undefined {
    const canonical = canonicalPagePath(path);
    if (canonical === undefined) return undefined;
    const to = pageRoute(canonical.resolved);
    const location = query === '' ? canonical.path : `${canonical.path}?${query}`;
    return { ...to, kind: 'redirect', location, to };
  }
}
