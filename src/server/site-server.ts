import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogService } from '../lib/catalog/catalog-service.ts';
import type { Config } from '../lib/config/config.ts';
import { methodNotAllowedDetail } from '../lib/http/problem-details.ts';
import { baselineHeaders, PAGE_CACHE_CONTROL, preflightHeaders } from '../lib/http/response-headers.ts';
import type { Logger } from '../lib/log/logger.ts';
import { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { FREE_CEILING } from '../lib/rate-limit/headers.ts';
import type { SharedLimiter } from '../lib/rate-limit/shared-limiter.ts';
import { answerCatalog } from './handlers/catalog-api.ts';
import { answerDocument } from './handlers/document.ts';
import { answerPage, answerRendered } from './handlers/rendered.ts';
import { answerToken, type TokenEndpoint } from './handlers/token.ts';
import { createHttpServer, type ConfiguredTimeouts, type DrainableServer } from './http/create-http-server.ts';
import { filteredPageResources } from './store/rendered-resources.ts';
import type { GuidePageEntry } from '../lib/content/page-registry.ts';
import type { RenderedStore } from './store/rendered-store.ts';
import { createRequestLog, type RequestLogOptions } from './steps/request-log.ts';
import { queryOf, requestPath, urlPathname } from './http/request-path.ts';
import { answerNotFound } from './handlers/not-found.ts';
import { sendRedirect, type Exchange } from './http/send.ts';
import { answerHealth } from './handlers/health.ts';
import { answerMethodNotAllowed, routableTarget } from './handlers/refusals.ts';
import { answerRateLimited } from './handlers/rate-limited.ts';
import { answerStaticAsset } from './handlers/static-assets.ts';
import { allowHeader, quotaUse, type SiteRoute, type SiteRoutes } from './routes.ts';
import {
  compose,
  countStep,
  logStep,
  methodStep,
  notFoundStep,
  optionsStep,
  rateLimitedStep,
  routableStep,
  routedExchange,
  type Done,
  type RoutedExchange,
  type Step,
} from './pipeline.ts';

/** A request to the site on its way through the chain. */
type SiteExchange = RoutedExchange<SiteRoute>;

/**
 * The free ceiling's memory: exact windows for the clients a probe or a page view brings (about 1.3 MB when full), the
 * rest in a 2 MiB sketch, against the quota limiter's 13 + 16 MB.
 */
const FREE_CEILING_SIZE = { maxClients: 10_000, sketchWidth: 2 ** 18 };

/**
 * Whether an item page (a biomarker's) exists now in the catalog's data; its data loaders are imported on first use,
 * never at start-up.
 */
async function itemPageExists(page: GuidePageEntry, catalog: CatalogService): Promise<boolean> {
  const { itemPageExists: exists } = await import('../lib/site-pages/page-items.ts');
  return exists(page, { catalog });
}

/** The item page (a biomarker's) a route matched by its key's shape, if it is one. */
function itemPageOf(route: SiteRoute | undefined): GuidePageEntry | undefined {
  const page = route?.kind === 'redirect' ? route.to : route;
  return page?.kind === 'page' && page.page.page.item !== undefined ? page.page.page : undefined;
}

/** What `POST /oauth/token` runs, loaded on its first request: start-up never needs it. */
const loadTokenEndpoint = (): Promise<TokenEndpoint> => import('../lib/oauth/token-exchange.ts');

/** Everything the site server is made of; injected so tests can vary each part. */
export interface SiteServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'trustProxy' | 'logClientAddress'> & ConfiguredTimeouts;
  logger: Logger;
  limiter: FixedWindowLimiter;
  /** The quota shared with other instances (RATE_LIMIT_STORE_URL); none by default: `limiter` decides alone. */
  shared?: SharedLimiter;
  /** The ceiling of requests that cost no quota (FREE_CEILING); one of its own by default. */
  freeCeiling?: FixedWindowLimiter;
  /** Every path the site answers (the route table), the build's files included. */
  routes: SiteRoutes;
  /** What Astro rendered, prepared (pages, site documents). */
  store: RenderedStore;
  catalog: CatalogService;
  /** Told of every finished request (metrics). */
  observe?: RequestLogOptions['observe'];
  /** `npm run dev` only: the dev server's own requests (Vite modules, live reload), handled before the rate limit. */
  development?: DevelopmentRequests;
}

/** The requests `npm run dev` hands to Astro's development server, and its handler. */
export interface DevelopmentRequests {
  owns: (path: string) => boolean;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The site's `node:http` server, one path per request: rate limit and baseline headers, request log, a lookup of the
 * prepared representation chosen by negotiation, one write. Only the token endpoint computes per request.
 */
export function createSiteServer(options: SiteServerOptions): DrainableServer {
  const { config, logger, limiter, routes } = options;
  const { baseUrl } = config;
  const { errorPages } = options.store;
  const freeCeiling = options.freeCeiling ?? new FixedWindowLimiter({ ...FREE_CEILING, ...FREE_CEILING_SIZE });
  const step = { limiter, freeCeiling, trustProxy: config.trustProxy, baseline: baselineHeaders(config) };
  const requestLog = createRequestLog({
    logger,
    service: 'site',
    trustProxy: config.trustProxy,
    clientAddress: config.logClientAddress,
    ...(options.observe === undefined ? {} : { observe: options.observe }),
  });
  let ready = true;
  let token: TokenEndpoint | undefined;
  const spent = (exchange: SiteExchange) => quotaUse(exchange.route, exchange.req);

  /** The route of the path, or of the one URL a near miss of it is moved to (a 301). */
  const resolveRoute: Step<SiteExchange> = (exchange, next) => {
    const { path } = exchange;
    if (path === undefined) return next();
    exchange.route = routes.resolve(path);
    if (exchange.route === undefined) {
      // The path a URL parser makes of it (dot segments resolved, re-encoded: WHATWG URL) names the same resource, as
      // does a page URL with a trailing slash or a marker key in capitals: a 301 to its one URL, counted as the
      // resource is. The target checked from here on is the resolved one, so `/.//host` is refused as `//host`.
      const target = urlPathname(path, baseUrl);
      exchange.target = target;
      exchange.route = routes.redirect(target, queryOf(exchange.req.url), target !== path);
    }
    return next();
  };

  /** A preflight is free only on a path that exists: a marker's key is known once the data is asked. */
  const confirmPreflight: Step<SiteExchange> = (exchange, next) => {
    const item = itemPageOf(exchange.route);
    if (item === undefined || spent(exchange) !== 'peek') return next();
    return itemPageExists(item, options.catalog).then((exists) => {
      if (!exists) exchange.route = undefined;
      exchange.known = exists;
      return next();
    });
  };

  /** A route matched by its path's shape (a marker's page) that does not exist is a 404 whatever the method. */
  const confirmItemPage: Step<SiteExchange> = (exchange, next) => {
    const item = exchange.known ? undefined : itemPageOf(exchange.route);
    if (item === undefined) return next();
    return itemPageExists(item, options.catalog).then((found) =>
      found ? next() : answerNotFound(exchange, exchange.target!, errorPages),
    );
  };

  const answerRoute: Step<SiteExchange> = (exchange) => answer(exchange, exchange.route!, exchange.target!);

  const development = options.development;
  const chain = compose<SiteExchange>([
    // `npm run dev` only: the dev server's own requests, before the rate limit.
    ...(development === undefined
      ? []
      : [
          (exchange: SiteExchange, next: () => Done) =>
            exchange.path !== undefined && development.owns(exchange.path)
              ? development.handle(exchange.req, exchange.res)
              : next(),
        ]),
    resolveRoute,
    confirmPreflight,
    countStep({ step, ...(options.shared === undefined ? {} : { shared: options.shared }) }, spent),
    logStep(requestLog, config.unreadBodyGraceMs),
    rateLimitedStep((exchange, decision) => {
      const { path, route } = exchange;
      const api = path === undefined || route?.api === true;
      answerRateLimited(exchange, path, decision, errorPages, api, spent(exchange) === 'free');
    }),
    routableStep(routableTarget),
    notFoundStep((exchange, target) => answerNotFound(exchange, target, errorPages)),
    confirmItemPage,
    optionsStep((route, target) => ['Allow', allowHeader(target), ...preflightHeaders(route.methods).flat()]),
    methodStep((exchange, route, target, method) =>
      answerMethodNotAllowed(exchange, target, methodNotAllowedDetail(method, target, route.methods)),
    ),
    answerRoute,
  ]);

  // Not async: a prepared representation is written within this call, without a promise.
  const handle = (req: IncomingMessage, res: ServerResponse): Done =>
    chain(routedExchange(req, res, baseUrl, requestPath(req.url)));

  function answer(exchange: Exchange, route: SiteRoute, path: string) {
    switch (route.kind) {
      case 'asset':
        // Listed at start, gone since (a rebuild under a running server): no such file now.
        if (!answerStaticAsset(exchange, route.asset, route.cacheControl)) answerNotFound(exchange, path, errorPages);
        return;
      case 'catalog':
        return answerCatalog(exchange, options.catalog, path);
      case 'page': {
        // A filtering page (the biomarker browser) is a view per normalized query (rendered-resources.ts).
        const page = filteredPageResources(route.page, queryOf(exchange.req.url));
        return answerPage(exchange, options.store, page, route.format);
      }
      case 'rendered':
        return answerRendered(exchange, options.store, route.resource);
      case 'redirect':
        return sendRedirect(exchange, route.location, PAGE_CACHE_CONTROL);
      case 'document':
        return answerDocument(exchange, route.document, route.cacheControl);
      case 'health':
        return answerHealth(exchange, ready);
      case 'token':
        if (token !== undefined) return answerToken(exchange, token);
        return loadTokenEndpoint().then((loaded) => answerToken(exchange, (token = loaded)));
    }
  }

  const server = createHttpServer(handle, {
    baseUrl,
    limiter,
    baseline: step.baseline,
    logger,
    requestLog,
    timeouts: config,
  });
  return { server, unready: () => void (ready = false) };
}
