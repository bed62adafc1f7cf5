import { extname } from 'node:path';
import type { CatalogService } from '../lib/catalog/catalog-service.ts';
import type { GuidePageEntry } from '../lib/content/page-registry.ts';
import type { ApiOperation } from '../lib/openapi/operations.ts';
import { canonicalPagePath, resolvePagePath, type ResolvedPage } from '../lib/content/page-paths.ts';
import { CHANGELOG_FEEDS } from '../lib/content/changelog-feeds.ts';
import {
  METADATA_CACHE_CONTROL,
  NO_STORE,
  OPENAPI_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
} from '../lib/http/response-headers.ts';
import { LLMS_FULL_TXT_PATH, LLMS_TXT_PATH, ROBOTS_TXT_PATH, SITEMAP_PATH } from '../lib/schemas/site-paths.ts';
import { PreparedBody } from './store/prepared.ts';
import {
  filteredPageResources,
  fullTextDocument,
  llmsTxtDocument,
  PAGE_RENDERED_RESOURCES,
  pageResources,
  renderedDocument,
  sitemapDocument,
  type PageResources,
  type RenderedResource,
} from './store/rendered-resources.ts';
import type { ErrorPages } from './store/error-pages.ts';
import type { RenderedStore } from './store/rendered-store.ts';
import { answerCatalog, catalogOperation } from './handlers/catalog-api.ts';
import {
  answerDocument,
  authorizationServerMetadata,
  authorizationServerMetadataOperation,
  openApiJson,
  openApiJsonOperation,
  openApiYaml,
  openApiYamlOperation,
  protectedResourceMetadata,
  protectedResourceMetadataOperation,
  robotsTxt,
  type ConfigDocument,
  type DocumentsConfig,
} from './handlers/document.ts';
import { answerHealth, healthOperation } from './handlers/health.ts';
import { answerNotFound } from './handlers/not-found.ts';
import { answerPage, answerRendered } from './handlers/rendered.ts';
import { answerStaticAsset, type StaticAsset } from './handlers/static-assets.ts';
import { answerToken, tokenOperation } from './handlers/token.ts';
import { queryOf } from './http/request-path.ts';
import { sendRedirect } from './http/send.ts';
import type { Done, RoutedExchange } from './pipeline.ts';

/**
 * The one route table: per path its answer, its OpenAPI operation (an API path's), methods (so `Allow`, 405, OPTIONS),
 * quota, metrics label and cache policy, as fastify's route options carry handler and schema. The chain's last step
 * calls a route's answer; the 429 form, metrics and prepared documents read the rest; nothing else spells routes out.
 */

/** The bounded set of metrics labels: a request is counted by its route family, never its raw path. @internal */
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
interface RoutePolicy {
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

/** What a route's answer is handed besides the exchange: the site's services. */
export interface SiteServices {
  catalog: CatalogService;
  /** What Astro rendered, prepared (pages, site documents). */
  store: RenderedStore;
  errorPages: ErrorPages;
  /** Whether the instance takes traffic (false once a shutdown began). */
  ready(): boolean;
  /** The prepared body of a document built from the configuration. */
  document(build: ConfigDocument): PreparedBody;
}

/** A request to the site on its way through the chain. */
export type SiteExchange = RoutedExchange<SiteRoute>;

/** A request past every refusal: the route that answers it, and its target. */
export type AnsweredExchange = SiteExchange & { route: SiteRoute; target: string };

/** What answers a request for a route: the last step of the chain. */
type Answer = (exchange: AnsweredExchange, site: SiteServices) => Done;

/** How the site answers a path: the table's policy, and its answer. */
export interface SiteRoute extends RoutePolicy {
  readonly answer: Answer;
  /** The operation of the OpenAPI document this route serves: an API row's. */
  readonly operation?: ApiOperation;
  /** The page of the registry it serves, in one locale and format: a page's route. */
  readonly page?: PageResources;
  readonly format?: 'page' | 'markdown';
  /** The item page (a marker's) it serves or moves to, matched by its key's shape: whether it exists, the data says. */
  readonly item?: GuidePageEntry;
}

/** A row of the table: its route and, for a document or a resource of the rendered store, what it answers from. */
type PathRow = SiteRoute & {
  /** A document built once from the configuration. */
  readonly document?: ConfigDocument;
  /** A resource of the rendered store (rendered by Astro, or built by the server from the page index). */
  readonly resource?: RenderedResource;
};

type RowOptions = Pick<PathRow, 'operation' | 'document' | 'resource'> & {
  methods?: readonly string[];
  counted?: boolean;
  api?: boolean;
};

const row = (
  answer: Answer,
  label: RouteLabel,
  cacheControl: string | undefined,
  options: RowOptions = {},
): PathRow => {
  const { methods = READ_METHODS, counted = true, api = true, ...rest } = options;
  return { answer, label, cacheControl, methods, counted, api, ...rest };
};

/** A row of the OpenAPI document: its operation, and the answer. */
const apiRow = (
  operation: ApiOperation,
  answer: Answer,
  label: RouteLabel,
  cacheControl: string | undefined,
  options: Omit<RowOptions, 'operation'> = {},
): [string, PathRow] => [operation.path, row(answer, label, cacheControl, { ...options, operation })];

/** The answer of a document built once from the configuration, with the `Cache-Control` of its 200. */
const documentAnswer =
  (build: ConfigDocument, cacheControl: string): Answer =>
  (exchange, site) =>
    answerDocument(exchange, site.document(build), cacheControl);

/** A row whose document is built once from the configuration, with the `Cache-Control` of its 200. */
const documentRow = (build: ConfigDocument, label: RouteLabel, cacheControl: string, options: RowOptions = {}) =>
  row(documentAnswer(build, cacheControl), label, cacheControl, { ...options, document: build });

/**
 * A row of a site document from the rendered store: content for people and agents, never an API path. One drawn from
 * data follows its freshness, as pages do; the others keep a page's constant `max-age`.
 */
const renderedRow = (resource: RenderedResource): PathRow =>
  row(
    (exchange, site) => answerRendered(exchange, site.store, resource),
    'discovery',
    resource.sources.length > 0 ? undefined : PAGE_CACHE_CONTROL,
    { api: false, resource },
  );

/** Exact paths: the API (the paths of the OpenAPI document, in its order) and the site documents. @internal */
export const PATH_ROUTES: ReadonlyMap<string, PathRow> = new Map([
  apiRow(
    catalogOperation,
    (exchange, site) => answerCatalog(exchange, site.catalog, exchange.target),
    'catalog',
    undefined,
  ),
  apiRow(tokenOperation, answerToken, 'token', NO_STORE, { methods: ['POST'] }),
  apiRow(
    authorizationServerMetadataOperation,
    documentAnswer(authorizationServerMetadata, METADATA_CACHE_CONTROL),
    'discovery',
    METADATA_CACHE_CONTROL,
    { document: authorizationServerMetadata },
  ),
  apiRow(
    protectedResourceMetadataOperation,
    documentAnswer(protectedResourceMetadata, METADATA_CACHE_CONTROL),
    'discovery',
    METADATA_CACHE_CONTROL,
    { document: protectedResourceMetadata },
  ),
  apiRow(openApiJsonOperation, documentAnswer(openApiJson, OPENAPI_CACHE_CONTROL), 'openapi', OPENAPI_CACHE_CONTROL, {
    document: openApiJson,
  }),
  apiRow(openApiYamlOperation, documentAnswer(openApiYaml, OPENAPI_CACHE_CONTROL), 'openapi', OPENAPI_CACHE_CONTROL, {
    document: openApiYaml,
  }),
  // Probers (Docker's HEALTHCHECK, a readiness probe) must never be refused for a busy neighbour's requests.
  apiRow(healthOperation, (exchange, site) => answerHealth(exchange, site.ready()), 'health', NO_STORE, {
    counted: false,
  }),
  [ROBOTS_TXT_PATH, documentRow(robotsTxt, 'discovery', PAGE_CACHE_CONTROL, { api: false })],
  [LLMS_TXT_PATH, renderedRow(llmsTxtDocument(LLMS_TXT_PATH))],
  [LLMS_FULL_TXT_PATH, renderedRow(fullTextDocument(LLMS_FULL_TXT_PATH))],
  [SITEMAP_PATH, renderedRow(sitemapDocument(SITEMAP_PATH))],
  // The changelog's feeds, per language and kind: from `content/changelog.yaml` alone, so rendered by the build, like
  // a page without data.
  ...CHANGELOG_FEEDS.map(({ path }) => [path, renderedRow(renderedDocument(path))] as const),
]);

/**
 * The operations the table's API rows carry, in its order: the paths of the OpenAPI document, which its builders
 * (the served document's, the renders', the scripts') are handed; the table is their only list.
 */
export const API_ROUTE_OPERATIONS: readonly ApiOperation[] = [...PATH_ROUTES.values()].flatMap(({ operation }) =>
  operation === undefined ? [] : [operation],
);

/** The rows' documents of the rendered store (llms.txt, the sitemap…). */
export const RENDERED_DOCUMENTS: readonly RenderedResource[] = [...PATH_ROUTES.values()].flatMap(({ resource }) =>
  resource === undefined ? [] : [resource],
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

/** The route of a page of the registry; a filtering page (the biomarker browser) is a view per normalized query. */
function pageRoute(resolved: ResolvedPage): SiteRoute {
  const page = pageResources(resolved.page, resolved.locale);
  const { format } = resolved;
  return {
    ...PAGE_POLICY,
    label: format === 'markdown' ? 'markdown' : 'page',
    answer: (exchange, site) =>
      answerPage(exchange, site.store, filteredPageResources(page, queryOf(exchange.req.url)), format),
    page,
    format,
    ...(resolved.page.item === undefined ? {} : { item: resolved.page }),
  };
}

/** The route of a file of the build output; one listed at start and gone since (a rebuild under a running server) is a 404. */
function assetRoute(path: string, asset: StaticAsset): SiteRoute {
  const policy = assetPolicy(path);
  return {
    ...policy,
    answer: (exchange, site) => {
      if (!answerStaticAsset(exchange, asset, policy.cacheControl)) {
        answerNotFound(exchange, exchange.target, site.errorPages);
      }
    },
  };
}

/** Every path the site answers: the build's files, the exact paths, then the registry's pages. */
export class SiteRoutes {
  readonly #routes = new Map<string, SiteRoute>();

  readonly #documents = new Map<ConfigDocument, PreparedBody>();

  /** `config`: what the documents are built from; `assets`: the files of `dist/client`. */
  constructor(config: DocumentsConfig, assets: ReadonlyMap<string, StaticAsset> = new Map()) {
    for (const [path, asset] of assets) this.#routes.set(path, assetRoute(path, asset));
    for (const [path, route] of PATH_ROUTES) {
      this.#routes.set(path, route);
      // A document's body is made here, built on first need.
      const build = route.document;
      if (build !== undefined) {
        this.#documents.set(build, new PreparedBody(() => build(config, API_ROUTE_OPERATIONS)));
      }
    }
  }

  /** The documents built from the configuration, for the background preparation of their codings. */
  documents(): readonly PreparedBody[] {
    return [...this.#documents.values()];
  }

  /** The prepared body of a row's document. */
  document(build: ConfigDocument): PreparedBody {
    const document = this.#documents.get(build);
    if (document === undefined) throw new Error('no row of the route table builds this document');
    return document;
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
function movedTo(to: SiteRoute, path: string, query: string): SiteRoute {
  const location = query === '' ? path : `${path}?${query}`;
  return {
    methods: to.methods,
    counted: to.counted,
    label: to.label,
    cacheControl: to.cacheControl,
    api: to.api,
    answer: (exchange) => sendRedirect(exchange, location, PAGE_CACHE_CONTROL),
    ...(to.item === undefined ? {} : { item: to.item }),
  };
}
