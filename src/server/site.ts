import { fileURLToPath } from 'node:url';
import type { CatalogService } from '../lib/catalog/catalog-service.ts';
import type { Config } from '../lib/config/config.ts';
import type { Logger } from '../lib/log/logger.ts';
import type { InstanceLimiter, Limiter } from '../lib/rate-limit/limiter.ts';
import { createFreeCeiling, createQuotaLimiter } from '../lib/rate-limit/policy-limiters.ts';
import { openApiDocumentGetter, type RenderServices } from '../lib/site-pages/render-services.ts';
import { loadStaticAssets } from './handlers/static-assets.ts';
import {
  injectRequest,
  type DrainableServer,
  type InjectOptions,
  type InjectResponse,
} from './http/create-http-server.ts';
import { API_ROUTE_OPERATIONS, RENDERED_DOCUMENTS, SiteRoutes } from './routes.ts';
import { createSiteServer, type DevelopmentRequests, type SiteServerOptions } from './site-server.ts';
import type { PreparationReport } from './store/page-preparation.ts';
import { BACKGROUND_DELAY_MS, prepareInBackground, type PreparedBody } from './store/prepared.ts';
import { dataResources } from './store/rendered-resources.ts';
import { SITE_PAGE_INDEX_PATH } from './store/page-index.ts';
import { loadPreparedRenders, PREPARED_RENDERS_PATH } from './store/prepared-renders.ts';
import { pageDataVersion, RenderedStore, type PreparationList, type Renderer } from './store/rendered-store.ts';
import { AstroRenderer, type AstroHandler } from './store/astro-renderer.ts';

/** What the site is made of besides its configuration: each entry (`main.ts`, `dev.ts`, the tests) brings its own. */
export interface SiteParts {
  logger: Logger;
  catalog: CatalogService;
  /** Astro's handler, loaded on the first render: the built bundle's (`bundleHandler`), or the development server's. */
  astro: () => Promise<AstroHandler>;
  /** Wraps Astro as the store renders through it: a test counts renders, or holds them. */
  wrapRenderer?: (astro: Renderer) => Renderer;
  /** The rate limit's clock in milliseconds (default `performance.now`): a test starts a new window without waiting. */
  now?: () => number;
  /** Told of the site's own limiter once it is built (the `rate_limit_clients` gauge). */
  watchLimiter?: (limiter: InstanceLimiter) => void;
  /** The quota shared with other instances around the site's own limiter (RATE_LIMIT_STORE_URL); none when absent. */
  shareQuota?: (local: InstanceLimiter) => Limiter | undefined | Promise<Limiter | undefined>;
  /** Told of every finished request (metrics). */
  observe?: SiteServerOptions['observe'];
  /** Called once per request shed because the renders are full (metrics). */
  onShed?: () => void;
  /** The store's bound on renders at once and on jobs waiting (defaults: the store's). */
  renderConcurrency?: number;
  queueCapacity?: number;
  /**
   * Files the site serves from: the build's client files (or `public/` under `npm run dev`), and, after a build, its
   * prepared renders and page index.
   */
  files: { assets: string; preparedRenders?: string; pageIndex?: string };
  /** `npm run dev` only: the development server's own requests; nothing is kept, every answer is rendered again. */
  development?: DevelopmentRequests;
}

/** The assembled site: its server, and what its entry needs of it. */
export interface Site extends DrainableServer {
  store: RenderedStore;
  routes: SiteRoutes;
  /** Astro with the site's services as every render's `locals`: what the store renders through, unwrapped. */
  renderer: AstroRenderer;
  /** Sends one request through the site without a socket (light-my-request). */
  inject(options: InjectOptions | string): Promise<InjectResponse>;
  /**
   * After start-up, in the background: makes the codings of every prepared body, and renders every data-driven page
   * and document of the current data (again after each change of it), each one at a time (`RenderedStore.prepareData`).
   */
  prepareInBackground(report: BackgroundReport): void;
}

/** What the background preparation tells its entry: a failure, and the end of each pass over the data's pages. */
interface BackgroundReport {
  onError: (error: unknown) => void;
  /** Given: the data-driven pages are prepared too (`PREPARE_PAGES=background`), and each pass reported here. */
  onPrepared?: (report: PreparationReport) => void;
}

/** The data-driven pages and documents of the data as it is now, for the store's background passes. */
const listDataResources: PreparationList = async ({ pageIndex, baseUrl, services }) => {
  const { listSitePagesOf } = await import('../lib/site-pages/site-page-index.ts');
  return dataResources(await listSitePagesOf(await pageIndex(), baseUrl, services), RENDERED_DOCUMENTS);
};

/** The files of `npm run build`'s output under the project root `root`: what `npm start` and the tests serve. */
export const builtFiles = (root: URL): SiteParts['files'] => ({
  assets: fileURLToPath(new URL('dist/client', root)),
  preparedRenders: fileURLToPath(new URL(PREPARED_RENDERS_PATH, root)),
  pageIndex: fileURLToPath(new URL(SITE_PAGE_INDEX_PATH, root)),
});

/**
 * Assembles the site once, for `npm start`, `npm run dev` and the tests alike: store, route table and server, and the
 * services Astro's renders get as `locals` (the catalog service, the build's highlighted samples, `config`, parsed
 * once by the entry, and the OpenAPI document of the route table's operations), which the server reads too: one instance of each per site, handed over explicitly, none
 * process-wide, so one process can hold sites configured differently.
 */
export async function createSite(config: Config, parts: SiteParts): Promise<Site> {
  const { files } = parts;
  const sampleFragments = new Map<string, string>();
  const services: RenderServices = {
    catalog: parts.catalog,
    sampleFragments,
    config,
    openApiDocument: openApiDocumentGetter(config, API_ROUTE_OPERATIONS),
  };
  const renderer = new AstroRenderer(parts.astro, services);
  const store = new RenderedStore({
    renderer: parts.wrapRenderer?.(renderer) ?? renderer,
    versionOf: (resource) => pageDataVersion(resource, services),
    baseUrl: config.baseUrl,
    services,
    ...(files.pageIndex === undefined ? {} : { pageIndexFile: files.pageIndex }),
    ...(parts.onShed === undefined ? {} : { onShed: parts.onShed }),
    ...(parts.renderConcurrency === undefined ? {} : { renderConcurrency: parts.renderConcurrency }),
    ...(parts.queueCapacity === undefined ? {} : { queueCapacity: parts.queueCapacity }),
    ...(parts.development === undefined ? {} : { development: true }),
  });
  const routes = new SiteRoutes(config, loadStaticAssets(files.assets));
  // The site's limiters, built here only: the quota (shared with other instances when a store is given) and the
  // ceiling of the requests that cost none.
  const limiter = createQuotaLimiter(config.rateLimitMaxClients, parts.now);
  parts.watchLimiter?.(limiter);
  const shared = await parts.shareQuota?.(limiter);
  if (files.preparedRenders !== undefined) {
    await loadPreparedRenders(files.preparedRenders, { store, sampleFragments }, config.baseUrl);
  }
  const site = createSiteServer({
    config,
    logger: parts.logger,
    limiter,
    freeCeiling: createFreeCeiling(parts.now),
    routes,
    store,
    catalog: parts.catalog,
    ...(shared === undefined ? {} : { shared }),
    ...(parts.observe === undefined ? {} : { observe: parts.observe }),
    ...(parts.development === undefined ? {} : { development: parts.development }),
  });
  const bodies = (): PreparedBody[] => [...routes.documents(), ...store.bodies()];
  return {
    ...site,
    store,
    routes,
    renderer,
    inject: (options) => injectRequest(site.server, options),
    prepareInBackground: ({ onError, onPrepared }) => {
      prepareInBackground(bodies, onError);
      if (onPrepared === undefined) return;
      const timer = setTimeout(
        () => store.prepareData(listDataResources, { onPrepared, onError }),
        BACKGROUND_DELAY_MS,
      );
      timer.unref();
    },
  };
}
