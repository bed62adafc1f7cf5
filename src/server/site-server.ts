import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Config } from '../lib/config/config.ts';
import { baselineHeaders } from '../lib/http/baseline-headers.ts';
import { describeError, type Logger } from '../lib/log/logger.ts';
import type { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { applyRateLimit, rateLimitedDetail } from './rate-limit-step.ts';
import { requestPath } from './request-path.ts';
import { logRequestOnFinish } from './request-log.ts';
import type { ResponseCache } from './response-cache.ts';
import { sendProblem } from './send-problem.ts';
import { serveStaticAsset } from './serve-static-asset.ts';
import { guardUnreadBody } from './unread-body-guard.ts';
import type { StaticAsset } from './static-assets.ts';

/** The `@astrojs/node` handler in middleware mode. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** Everything the site server is made of; injected so tests can vary each part. */
export interface SiteServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'trustProxy'>;
  logger: Logger;
  limiter: FixedWindowLimiter;
  assets: ReadonlyMap<string, StaticAsset>;
  responseCache: ResponseCache;
  astroHandler: AstroHandler;
}

/** Server timeouts: slow or idle clients are cut off in bounded time (see README). */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxHeaderSize: 16 * 1024,
} as const;

/** A server, plus a switch that makes every later response close its connection. */
export interface DrainableServer {
  server: Server;
  drain(): void;
}

/**
 * The site's own `node:http` server. Every request, whichever layer answers it, passes
 * the rate limiter and gets the baseline and rate-limit headers first; then a static
 * file, the response cache (fast path) or Astro answers.
 */
export function createSiteServer(options: SiteServerOptions): DrainableServer {
  const { config, logger, limiter, assets, responseCache, astroHandler } = options;
  const step = { limiter, trustProxy: config.trustProxy, baseline: baselineHeaders(config) };
  let draining = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = requestPath(req.url);
    logRequestOnFinish(res, logger, { service: 'site', method, path });
    if (method !== 'GET' && method !== 'HEAD') guardUnreadBody(req, res);
    if (draining) res.setHeader('Connection', 'close');
    const decision = applyRateLimit(req, res, step);
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
    const asset = assets.get(path);
    if (asset !== undefined) return serveStaticAsset(req, res, asset, config.baseUrl);
    const key = responseCache.keyFor(req, req.url ?? path);
    if (key !== undefined) {
      const hit = responseCache.get(key);
      if (hit !== undefined) return responseCache.replay(req, res, hit);
      if (method === 'GET') responseCache.record(res, key);
    }
    try {
      await astroHandler(req, res);
    } catch (error) {
      logger.error('unhandled_exception', { method, path, ...describeError(error) });
      if (res.headersSent) return void res.destroy();
      sendProblem(res, config.baseUrl, {
        code: 'internal_error',
        detail: 'The server failed to handle this request.',
        ...instance,
      });
    }
  }

  const server = createServer({ ...SERVER_TIMEOUTS }, (req, res) => void handle(req, res));
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  return { server, drain: () => void (draining = true) };
}
