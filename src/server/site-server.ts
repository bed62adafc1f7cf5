import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogService } from '../lib/catalog/catalog-service.ts';
import type { Config } from '../lib/config/config.ts';
import { methodNotAllowedDetail } from '../lib/http/problem-details.ts';
import { baselineHeaders, NO_STORE, preflightHeaders } from '../lib/http/response-headers.ts';
import type { Health } from '../lib/schemas/health.ts';
import type { Logger } from '../lib/log/logger.ts';
import type { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { answerCatalog } from './handlers/catalog-api.ts';
import { answerDocument, answerPage, answerRendered } from './handlers/rendered.ts';
import { answerToken, type TokenEndpoint } from './handlers/token.ts';
import { createHttpServer, type ConfiguredTimeouts, type DrainableServer } from './http/create-http-server.ts';
import { countRequest } from './steps/rate-limit.ts';
import { filteredPageResources } from './store/rendered-resources.ts';
import type { GuidePageEntry } from '../lib/content/page-registry.ts';
import type { RenderedStore } from './store/rendered-store.ts';
import { createRequestLog, type RequestLogOptions } from './steps/request-log.ts';
import { queryOf, requestPath, urlPathname } from './http/request-path.ts';
import { answerNotFound } from './handlers/not-found.ts';
import { sendBody, sendProblem, type Exchange } from './http/send.ts';
import { answerRateLimited } from './handlers/rate-limited.ts';
import { answerStaticAsset } from './handlers/static-assets.ts';
import { allowHeader, quotaUse, type SiteRoute, type SiteRoutes } from './routes.ts';
import { guardUnreadBody } from './http/request-body.ts';

/** Methods the Fetch standard forbids in a Request (Fetch §2.2.1); TRACE could only echo a request. */
const FETCH_FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** The methods some resource of the site serves: the answer to `OPTIONS *`. */
const SERVER_METHODS = 'GET, HEAD, POST, OPTIONS';

/** What makes a request unanswerable (RFC 9112 §3.2: one `Host`; RFC 9110 §10.1.1: only 100-continue), as a Problem. */
function malformedRequest(req: IncomingMessage): Parameters<typeof sendProblem>[1] | undefined {
  let hosts = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1 || (hosts === 0 && req.httpVersion === '1.1')) {
    return { code: 'bad_request', detail: 'An HTTP/1.1 request carries exactly one Host header (RFC 9112 §3.2).' };
  }
  const expect = req.headers.expect;
  if (expect !== undefined && expect.toLowerCase() !== '100-continue') {
    return { code: 'bad_request', status: 417, detail: 'The only expectation this server meets is 100-continue.' };
  }
  return undefined;
}

/** The 405 (RFC 9110 §15.5.6: it MUST carry Allow). */
const methodNotAllowed = (x: Exchange, target: string, detail: string): void =>
  sendProblem(x, { code: 'method_not_allowed', detail, instance: target, headers: { Allow: allowHeader(target) } });

/** Whether an item page (a biomarker's) exists now; its data loaders are imported on first use, never at start-up. */
async function itemPageExists(page: GuidePageEntry): Promise<boolean> {
  const { itemPageExists: exists } = await import('../lib/content/page-items.ts');
  return exists(page);
}

/** What `POST /oauth/token` runs, loaded on its first request: start-up never needs it. */
const loadTokenEndpoint = (): Promise<TokenEndpoint> => import('../lib/oauth/token-exchange.ts');

/** Everything the site server is made of; injected so tests can vary each part. */
export interface SiteServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'trustProxy' | 'logClientAddress'> & ConfiguredTimeouts;
  logger: Logger;
  limiter: FixedWindowLimiter;
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
  const step = { limiter, trustProxy: config.trustProxy, baseline: baselineHeaders(config) };
  const requestLog = createRequestLog({
    logger,
    service: 'site',
    trustProxy: config.trustProxy,
    clientAddress: config.logClientAddress,
    ...(options.observe === undefined ? {} : { observe: options.observe }),
  });
  let ready = true;
  let token: TokenEndpoint | undefined;

  // Not async: a prepared representation is written within this call, without a promise.
  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    const method = req.method ?? 'GET';
    const path = requestPath(req.url);
    let target = path;
    if (options.development !== undefined && path !== undefined && options.development.owns(path)) {
      return options.development.handle(req, res);
    }
    let route = path === undefined ? undefined : routes.resolve(path);
    if (route === undefined && path !== undefined) {
      // A path Astro would route after resolving dot segments or re-encoding (WHATWG URL) is the same resource.
      target = urlPathname(path, baseUrl);
      if (target !== path) route = routes.resolve(target);
    }
    const { decision, headers, address } = countRequest(req, step, quotaUse(route, req));
    headers.push('X-Request-Id', requestLog.begin(req, res, path, address, route?.label ?? 'other'));
    if (method !== 'GET' && method !== 'HEAD') guardUnreadBody(req, res, config.unreadBodyGraceMs);
    const x: Exchange = { req, res, headers, baseUrl };
    if (!decision.allowed) {
      const api = path === undefined || route?.api === true;
      return answerRateLimited(x, path, decision, errorPages, api);
    }
    const malformed = malformedRequest(req);
    if (malformed !== undefined) return sendProblem(x, malformed);
    if (req.url === '*' && method === 'OPTIONS') {
      // RFC 9110 §9.3.7: `OPTIONS *` asks about the server, not a resource.
      res.writeHead(204, [...headers, 'Allow', SERVER_METHODS]);
      return void res.end();
    }
    // `//host` after dot segments resolve is a network-path reference, not a path (RFC 3986 §4.2).
    if (target === undefined || target.startsWith('//')) {
      const detail = 'The request target is not a valid, percent-encoded URL path.';
      return sendProblem(x, { code: 'bad_request', detail });
    }
    if (FETCH_FORBIDDEN_METHODS.has(method)) {
      return methodNotAllowed(x, target, `${method} is not supported by this service.`);
    }
    if (route === undefined) return answerNotFound(x, target, errorPages);
    if (route.kind === 'page' && route.page.page.item !== undefined) {
      // A marker's page matched by the key's shape; an unknown key is a 404 whatever the method.
      return itemPageExists(route.page.page).then((exists) =>
        exists ? dispatch(x, route, target) : answerNotFound(x, target, errorPages),
      );
    }
    return dispatch(x, route, target);
  }

  /** OPTIONS, 405 or the answer, for a path the site serves. */
  function dispatch(x: Exchange, route: SiteRoute, target: string) {
    const method = x.req.method ?? 'GET';
    if (method === 'OPTIONS') {
      x.res.writeHead(204, [...x.headers, 'Allow', allowHeader(target), ...preflightHeaders(route.methods).flat()]);
      return void x.res.end();
    }
    if (!route.methods.includes(method)) {
      return methodNotAllowed(x, target, methodNotAllowedDetail(method, target, route.methods));
    }
    return answer(x, route, target);
  }

  function answer(x: Exchange, route: SiteRoute, path: string) {
    switch (route.kind) {
      case 'asset':
        return answerStaticAsset(x, route.asset, route.cacheControl);
      case 'catalog':
        return answerCatalog(x, options.catalog, path);
      case 'page': {
        // A filtering page (the biomarker browser) is a view per normalized query (rendered-resources.ts).
        const page = filteredPageResources(route.page, queryOf(x.req.url));
        return answerPage(x, options.store, page, route.format);
      }
      case 'rendered':
        return answerRendered(x, options.store, route.resource);
      case 'document':
        return answerDocument(x, route.document, route.cacheControl);
      case 'health': {
        // Never asks the origin, so an upstream outage keeps the instance in the balancer; during a shutdown 503
        // `draining` while everything else is still served (shutdown.ts, docs/deployment.md).
        const health: Health = { status: ready ? 'ok' : 'draining', uptimeSeconds: Math.floor(process.uptime()) };
        const headers = ['Cache-Control', NO_STORE];
        return sendBody(x, ready ? 200 : 503, 'application/json', JSON.stringify(health), { headers });
      }
      case 'token':
        if (token !== undefined) return answerToken(x, token);
        return loadTokenEndpoint().then((loaded) => answerToken(x, (token = loaded)));
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
