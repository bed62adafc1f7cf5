import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogService } from '../lib/catalog/catalog-service.ts';
import type { Config } from '../lib/config/config.ts';
import { methodNotAllowedDetail } from '../lib/http/problem-details.ts';
import { baselineHeaders } from '../lib/http/response-headers.ts';
import type { Logger } from '../lib/log/logger.ts';
import type { InstanceLimiter, Limiter } from '../lib/rate-limit/limiter.ts';
import { createHttpServer, type ConfiguredTimeouts, type DrainableServer } from './http/create-http-server.ts';
import type { GuidePageEntry } from '../lib/content/page-registry.ts';
import type { RenderedStore } from './store/rendered-store.ts';
import { createRequestLog, type RequestLogOptions } from './steps/request-log.ts';
import { queryOf, urlPathname } from './http/request-path.ts';
import { answerNotFound } from './handlers/not-found.ts';
import { answerMethodNotAllowed, routableTarget } from './handlers/refusals.ts';
import { answerRateLimited } from './handlers/rate-limited.ts';
import type { AnsweredExchange, SiteExchange, SiteRoutes, SiteServices } from './routes.ts';
import { quotaUse, requestChain, type Done, type Step } from './pipeline.ts';

/**
 * Whether an item page (a biomarker's) exists now in the catalog's data; its data loaders are imported on first use,
 * never at start-up.
 */
async function itemPageExists(page: GuidePageEntry, catalog: CatalogService): Promise<boolean> {
  const { itemPageExists: exists } = await import('../lib/site-pages/page-items.ts');
  return exists(page, { catalog });
}

/** Everything the site server is made of; injected so tests can vary each part. */
export interface SiteServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'trustProxy' | 'logClientAddress'> & ConfiguredTimeouts;
  logger: Logger;
  limiter: InstanceLimiter;
  /** The quota shared with other instances (RATE_LIMIT_STORE_URL); none by default: `limiter` decides alone. */
  shared?: Limiter;
  /** The ceiling of requests that cost no quota (FREE_CEILING). */
  freeCeiling: InstanceLimiter;
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
  const { config, logger, limiter, freeCeiling, routes } = options;
  const { baseUrl } = config;
  const { errorPages } = options.store;
  const step = { limiter, freeCeiling, trustProxy: config.trustProxy, baseline: baselineHeaders(config) };
  const requestLog = createRequestLog({
    logger,
    service: 'site',
    trustProxy: config.trustProxy,
    clientAddress: config.logClientAddress,
    ...(options.observe === undefined ? {} : { observe: options.observe }),
  });
  let ready = true;
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
    const item = exchange.route?.item;
    if (item === undefined || spent(exchange) !== 'peek') return next();
    return itemPageExists(item, options.catalog).then((exists) => {
      if (!exists) exchange.route = undefined;
      exchange.known = exists;
      return next();
    });
  };

  /** A route matched by its path's shape (a marker's page) that does not exist is a 404 whatever the method. */
  const confirmItemPage: Step<SiteExchange> = (exchange, next) => {
    const item = exchange.known ? undefined : exchange.route?.item;
    if (item === undefined) return next();
    return itemPageExists(item, options.catalog).then((found) =>
      found ? next() : answerNotFound(exchange, exchange.target!, errorPages),
    );
  };

  const site: SiteServices = {
    catalog: options.catalog,
    store: options.store,
    errorPages,
    ready: () => ready,
    document: (build) => routes.document(build),
  };
  /** The last step: the route's own answer. */
  const answerRoute: Step<SiteExchange> = (exchange) => exchange.route!.answer(exchange as AnsweredExchange, site);

  const development = options.development;
  const handle = requestChain({
    baseUrl,
    route: [
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
    ],
    count: { step, ...(options.shared === undefined ? {} : { shared: options.shared }) },
    requestLog,
    unreadBodyGraceMs: config.unreadBodyGraceMs,
    rateLimited: (exchange, decision) => {
      const { path, route } = exchange;
      const api = path === undefined || route?.api === true;
      answerRateLimited(exchange, path, decision, errorPages, api, spent(exchange) === 'free');
    },
    routable: routableTarget,
    notFound: (exchange, target) => answerNotFound(exchange, target, errorPages),
    found: [confirmItemPage],
    methodNotAllowed: (exchange, route, target, method) =>
      answerMethodNotAllowed(exchange, target, methodNotAllowedDetail(method, target, route.methods)),
    answer: answerRoute,
  });

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
