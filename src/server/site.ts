import { fileURLToPath } from 'node:url';
import type { CatalogService } from '../lib/catalog/catalog-service.ts';
import type { Config } from '../lib/config/config.ts';
import type { Logger } from '../lib/log/logger.ts';
import type { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import type { SharedLimiter } from '../lib/rate-limit/shared-limiter.ts';
import { loadStaticAssets } from './handlers/static-assets.ts';
import {
  injectRequest,
  type DrainableServer,
  type InjectOptions,
  type InjectResponse,
} from './http/create-http-server.ts';
import { SiteRoutes } from './routes.ts';
import { createSiteServer, type DevelopmentRequests, type SiteServerOptions } from './site-server.ts';
import { prepareInBackground, type PreparedBody } from './store/prepared.ts';
import { SITE_PAGE_INDEX_PATH } from './store/page-index.ts';
import { loadPreparedRenders, PREPARED_RENDERS_PATH } from './store/prepared-renders.ts';
import { pageDataVersion, RenderedStore, type Renderer } from './store/rendered-store.ts';

/** What the site is made of besides its configuration: each entry (`main.ts`, `dev.ts`, the tests) brings its own. */
export interface SiteParts {
  logger: Logger;
  catalog: CatalogService;
  /** Astro, as the store renders through it: the built bundle's handler, or the development server's. */
  renderer: Renderer;
  limiter: FixedWindowLimiter;
  /** The quota shared with other instances (RATE_LIMIT_STORE_URL). */
  shared?: SharedLimiter;
  /** Told of every finished request (metrics). */
  observe?: SiteServerOptions['observe'];
  /** Called once per request shed because the renders are full (metrics). */
  onShed?: () => void;
  /** The store's bound on renders at once and waiting (defaults: the store's). */
  renderConcurrency?: number;
  renderQueue?: number;
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
  /** Sends one request through the site without a socket (light-my-request). */
  inject(options: InjectOptions | string): Promise<InjectResponse>;
  /** Makes the codings of every prepared body in the background, after start-up. */
  prepareInBackground(onError: (error: unknown) => void): void;
}

/** The files of `npm run build`'s output under the project root `root`: what `npm start` and the tests serve. */
export const builtFiles = (root: URL): SiteParts['files'] => ({
  assets: fileURLToPath(new URL('dist/client', root)),
  preparedRenders: fileURLToPath(new URL(PREPARED_RENDERS_PATH, root)),
  pageIndex: fileURLToPath(new URL(SITE_PAGE_INDEX_PATH, root)),
});

/** Assembles the site once, for `npm start`, `npm run dev` and the tests alike: store, route table and server. */
export async function createSite(config: Config, parts: SiteParts): Promise<Site> {
  const { files } = parts;
  const store = new RenderedStore({
    renderer: parts.renderer,
    versionOf: pageDataVersion,
    baseUrl: config.baseUrl,
    ...(files.pageIndex === undefined ? {} : { pageIndexFile: files.pageIndex }),
    ...(parts.onShed === undefined ? {} : { onShed: parts.onShed }),
    ...(parts.renderConcurrency === undefined ? {} : { renderConcurrency: parts.renderConcurrency }),
    ...(parts.renderQueue === undefined ? {} : { renderQueue: parts.renderQueue }),
    ...(parts.development === undefined ? {} : { development: true }),
  });
  const routes = new SiteRoutes(config, loadStaticAssets(files.assets));
  if (files.preparedRenders !== undefined) await loadPreparedRenders(files.preparedRenders, store, config.baseUrl);
  const site = createSiteServer({
    config,
    logger: parts.logger,
    limiter: parts.limiter,
    routes,
    store,
    catalog: parts.catalog,
    ...(parts.shared === undefined ? {} : { shared: parts.shared }),
    ...(parts.observe === undefined ? {} : { observe: parts.observe }),
    ...(parts.development === undefined ? {} : { development: parts.development }),
  });
  const bodies = (): PreparedBody[] => [...routes.documents(), ...store.bodies()];
  return {
    ...site,
    store,
    routes,
    inject: (options) => injectRequest(site.server, options),
    prepareInBackground: (onError) => prepareInBackground(bodies, onError),
  };
}
