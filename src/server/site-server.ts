import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../lib/config/config.ts';
import { baselineHeaders } from '../lib/http/baseline-headers.ts';
import type { Logger } from '../lib/log/logger.ts';
import { allowHeader } from '../lib/http/route-methods.ts';
import type { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { countRequest, rateLimitedDetail, setHeaders } from './rate-limit-step.ts';
import { requestPath } from './request-path.ts';
import { createRequestLog, type RequestLogOptions } from './request-log.ts';
import type { ResponseCache } from './response-cache.ts';
import { sendProblem } from './send-problem.ts';
import { serveStaticAsset } from './serve-static-asset.ts';
import { createHttpServer, type DrainableServer } from './create-http-server.ts';
import { guardUnreadBody } from './unread-body-guard.ts';
import { sendNotReady } from './send-not-ready.ts';
import { HEALTH_PATH } from '../lib/health/health-response.ts';
import type { StaticAsset } from './static-assets.ts';
import { isUncountedAsset } from './asset-policy.ts';

/** Methods the Fetch standard forbids in a Request (Fetch §2.2.1); TRACE could only echo a request. */
const FETCH_FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** The `@astrojs/node` handler in middleware mode. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** Everything the site server is made of; injected so tests can vary each part. */
export interface SiteServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'trustProxy' | 'logClientAddress'> &
    Partial<Pick<Config, 'keepAliveTimeoutMs'>>;
  logger: Logger;
  limiter: FixedWindowLimiter;
  assets: ReadonlyMap<string, StaticAsset>;
  responseCache: ResponseCache;
  astroHandler: AstroHandler;
  /** Told of every finished request (metrics). */
  observe?: RequestLogOptions['observe'];
}

/**
 * The site's own `node:http` server. Every request, whichever layer answers it, passes
 * the rate limiter and gets the baseline and rate-limit headers first; then a static
 * file, the response cache (fast path) or Astro answers.
 */
export function createSiteServer(options: SiteServerOptions): DrainableServer {
  const { config, logger, limiter, assets, responseCache, astroHandler } = options;
  const step = { limiter, trustProxy: config.trustProxy, baseline: baselineHeaders(config) };
  const requestLog = createRequestLog({
    logger,
    service: 'site',
    trustProxy: config.trustProxy,
    clientAddress: config.logClientAddress,
    ...(options.observe === undefined ? {} : { observe: options.observe }),
  });
  let draining = false;
  let ready = true;

  // Not async: a fresh cached response is answered within this call, without a promise.
  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    const method = req.method ?? 'GET';
    const path = requestPath(req.url);
    // A page's styles, scripts and icons cost no quota: a page view is one request (issue 15).
    const read = method === 'GET' || method === 'HEAD';
    const uncounted = read && path !== undefined && isUncountedAsset(path, assets);
    const { decision, headers, address } = countRequest(req, step, uncounted);
    headers.push('X-Request-Id', requestLog.begin(req, res, path, address));
    if (method !== 'GET' && method !== 'HEAD') guardUnreadBody(req, res);
    if (draining) res.setHeader('Connection', 'close');
    const key = decision.allowed && path !== undefined ? responseCache.keyFor(req, req.url ?? path) : undefined;
    const hit = key === undefined ? undefined : responseCache.get(key);
    // The fast path writes every header in one writeHead; other layers need them set first.
    if (hit !== undefined && !draining) return responseCache.replay(req, res, hit, headers);
    setHeaders(res, headers);
    const instance = path === undefined ? {} : { instance: path };
    if (!decision.allowed) {
      return sendProblem(res, config.baseUrl, {
        code: 'rate_limited',
        detail: rateLimitedDetail(decision),
        ...instance,
      });
    }
    if (path === undefined) {
      const detail = 'The request target is not a valid, percent-encoded URL path.';
      return sendProblem(res, config.baseUrl, { code: 'bad_request', detail });
    }
    // Readiness during a shutdown: 503 here, everything else still served (graceful-shutdown.ts).
    if (!ready && path === HEALTH_PATH && (method === 'GET' || method === 'HEAD')) return sendNotReady(res, method);
    const asset = assets.get(path);
    if (asset !== undefined) return serveStaticAsset(req, res, asset, config.baseUrl);
    if (FETCH_FORBIDDEN_METHODS.has(method)) {
      // Fetch forbids these methods in a Request, so Astro could only fail on them.
      const detail = `${method} is not supported by this service.`;
      return sendProblem(res, config.baseUrl, {
        code: 'method_not_allowed',
        detail,
        instance: path,
        headers: { Allow: allowHeader(path) },
      });
    }
    if (hit !== undefined) return responseCache.replay(req, res, hit, []);
    if (key !== undefined && method === 'GET') responseCache.record(res, key);
    return astroHandler(req, res);
  }

  const server = createHttpServer(handle, {
    baseUrl: config.baseUrl,
    limiter,
    baseline: step.baseline,
    logger,
    requestLog,
    ...(config.keepAliveTimeoutMs === undefined ? {} : { keepAliveTimeoutMs: config.keepAliveTimeoutMs }),
  });
  return { server, unready: () => void (ready = false), drain: () => void (draining = true) };
}
