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
import { CHANGELOG_FEEDS } from '../lib/content/changelog-feeds.ts';
import {
  METADATA_CACHE_CONTROL,
  NO_STORE,
  OPENAPI_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
} from '../lib/http/response-headers.ts';
import {
  OPENAPI_JSON_PATH,
  OPENAPI_YAML_PATH,
  LLMS_FULL_TXT_PATH,
  LLMS_TXT_PATH,
  ROBOTS_TXT_PATH,
  SITEMAP_PATH,
} from '../lib/schemas/site-paths.ts';
import {
  authorizationServerMetadata,
  openApiJson,
  openApiYaml,
  protectedResourceMetadata,
  robotsTxt,
  type ConfigDocument,
  type DocumentsConfig,
} from './store/config-documents.ts';
import { PreparedBody } from './store/prepared.ts';
import {
  fullTextDocument,
  llmsTxtDocument,
  PAGE_RENDERED_RESOURCES,
  pageResources,
  renderedDocument,
  sitemapDocument,
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

/**
 * What produces the representation of an exact path: a handler of its own (catalog, token, health), a document built
 * once from the configuration, or a resource of the rendered store (rendered by Astro, or built by the server from
 * the page index, per version of its data).
 */
type Producer =
  | { kind: 'catalog' }
  | { kind: 'token' }
  | { kind: 'health' }
  | { kind: 'document'; build: ConfigDocument; cacheControl: string }
  | { kind: 'rendered'; resource: RenderedResource };

/** A row of the table: its producer and its policy. */
type PathRow = RoutePolicy & { producer: Producer };

const row = (
  producer: Producer,
  label: RouteLabel,
  cacheControl: string | undefined,
  options: { methods?: readonly string[]; counted?: boolean; api?: boolean } = {},
): PathRow => ({
  producer,
  label,
  cacheControl,
  methods: options.methods ?? READ_METHODS,
  counted: options.counted ?? true,
  api: options.api ?? true,
});

/** A row whose document is built once from the configuration, with the `Cache-Control` of its 200. */
const documentRow = (build: ConfigDocument, label: RouteLabel, cacheControl: string, options: { api?: boolean } = {}) =>
  row({ kind: 'document', build, cacheControl }, label, cacheControl, options);

/**
 * A row of a site document from the rendered store: content for people and agents, never an API path. One drawn from
 * data follows its freshness, as pages do; the others keep a page's constant `max-age`.
 */
const renderedRow = (resource: RenderedResource): PathRow =>
  row({ kind: 'rendered', resource }, 'discovery', resource.sources.length > 0 ? undefined : PAGE_CACHE_CONTROL, {
    api: false,
  });

/** Exact paths: the API (the paths of the OpenAPI document) and the site documents. */
export const PATH_ROUTES: ReadonlyMap<string, PathRow> = new Map([
  [CATALOG_PATH, row({ kind: 'catalog' }, 'catalog', undefined)],
  [TOKEN_ENDPOINT_PATH, row({ kind: 'token' }, 'token', NO_STORE, { methods: ['POST'] })],
  [OPENAPI_JSON_PATH, documentRow(openApiJson, 'openapi', OPENAPI_CACHE_CONTROL)],
  [OPENAPI_YAML_PATH, documentRow(openApiYaml, 'openapi', OPENAPI_CACHE_CONTROL)],
  [AUTHORIZATION_SERVER_METADATA_PATH, documentRow(authorizationServerMetadata, 'discovery', METADATA_CACHE_CONTROL)],
  [PROTECTED_RESOURCE_METADATA_PATH, documentRow(protectedResourceMetadata, 'discovery', METADATA_CACHE_CONTROL)],
  // Probers (Docker's HEALTHCHECK, a readiness probe) must never be refused for a busy neighbour's requests.
  [HEALTH_PATH, row({ kind: 'health' }, 'health', NO_STORE, { counted: false })],
  [ROBOTS_TXT_PATH, documentRow(robotsTxt, 'discovery', PAGE_CACHE_CONTROL, { api: false })],
  [LLMS_TXT_PATH, renderedRow(llmsTxtDocument(LLMS_TXT_PATH))],
  [LLMS_FULL_TXT_PATH, renderedRow(fullTextDocument(LLMS_FULL_TXT_PATH))],
  [SITEMAP_PATH, renderedRow(sitemapDocument(SITEMAP_PATH))],
  // The changelog's feeds, per language and kind: from `content/changelog.yaml` alone, so rendered by the build, like
  // a page without data.
  ...CHANGELOG_FEEDS.map(({ path }) => [path, renderedRow(renderedDocument(path))] as const),
]);

/** The rows' documents of the rendered store (llms.txt, the sitemap…). */
export const RENDERED_DOCUMENTS: readonly RenderedResource[] = [...PATH_ROUTES.values()].flatMap(({ producer }) =>
  producer.kind === 'rendered' ? [producer.resource] : [],
);

/** Every resource of the rendered store: the pages, then the rows' documents. `npm run build` prepares those without data. */
export const RENDERED_RESOURCES: readonly RenderedResource[] = [...PAGE_RENDERED_RESOURCES, ...RENDERED_DOCUMENTS];

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
    | { kind: 'redirect'; location: string; to: SiteRoute }
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
 * How a request spends quota: `take` one; `peek` for a CORS preflight on a served route (free, counted against the free
 * ceiling, and refused once the quota is gone); `free` for an uncounted route's GET or HEAD (only its own ceiling
 * applies, FREE_CEILING). Everything else counts, OPTIONS too.
 */
export function quotaUse(route: SiteRoute | undefined, req: IncomingMessage): QuotaUse {
  if (route === undefined) return 'take';
  const method = req.method;
  if (method === 'OPTIONS') return isPreflight(req) ? 'peek' : 'take';
  if (!route.counted && (method === 'GET' || method === 'HEAD')) return 'free';
  return 'take';
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

  readonly #documents: PreparedBody[] = [];

  /** `config`: what the documents are built from; `assets`: the files of `dist/client`. */
  constructor(config: DocumentsConfig, assets: ReadonlyMap<string, StaticAsset> = new Map()) {
    for (const [path, asset] of assets) this.#routes.set(path, { ...assetPolicy(path), kind: 'asset', asset });
    for (const [path, { producer, ...policy }] of PATH_ROUTES) {
      this.#routes.set(path, this.#route(producer, policy, config));
    }
  }

  /** The route of a row: a document's body is made here, built on first need. */
  #route(producer: Producer, policy: RoutePolicy, config: DocumentsConfig): SiteRoute {
    if (producer.kind !== 'document') return { ...policy, ...producer };
    const document = new PreparedBody(() => producer.build(config));
    this.#documents.push(document);
    return { ...policy, kind: 'document', document, cacheControl: producer.cacheControl };
  }

  /** The documents built from the configuration, for the background preparation of their codings. */
  documents(): readonly PreparedBody[] {
    return this.#documents;
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
   * The permanent redirect of a path the site does not serve as sent to its one URL, the query kept: `resolved`, the
   * path a URL parser makes of it (`urlPathname`: dot segments removed, re-encoded), when that is served and `moved`
   * says it differs from the path sent; else the page `resolved` nearly names (`canonicalPagePath`). Undefined when it
   * names none. An API path is exact: a near miss of one, dot segments included, is a 404.
   */
  redirect(resolved: string, query: string, moved: boolean): SiteRoute | undefined {
    const served = moved ? this.resolve(resolved) : undefined;
    if (served !== undefined) return served.api ? undefined : movedTo(served, resolved, query);
    const canonical = canonicalPagePath(resolved);
    if (canonical === undefined) return undefined;
    return movedTo(pageRoute(canonical.resolved), canonical.path, query);
  }
}

/** A 301 to `path` (and `query`) where `to` is served, with its policy: counted, or free, as it is. */
const movedTo = (to: SiteRoute, path: string, query: string): SiteRoute => ({
  methods: to.methods,
  counted: to.counted,
  label: to.label,
  cacheControl: to.cacheControl,
  api: to.api,
  kind: 'redirect',
  location: query === '' ? path : `${path}?${query}`,
  to,
});
