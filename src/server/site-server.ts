import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Config } from '../lib/config/config.ts';
import { baselineHeaders } from '../lib/http/baseline-headers.ts';
import { resolveClientAddress, rateLimitKey } from '../lib/http/client-address.ts';
import type { Logger } from '../lib/log/logger.ts';
import { describeError } from '../lib/log/logger.ts';
import { buildProblem, serializeProblem, type ProblemInit } from '../lib/problem/problem-response.ts';
import type { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { rateLimitHeaders } from '../lib/rate-limit/headers.ts';
import { serveStaticAsset } from './serve-static-asset.ts';
import type { StaticAsset } from './static-assets.ts';

/** The `@astrojs/node` handler in middleware mode. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** Everything the site server is made of; injected so tests can vary each part. */
export interface SiteServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'trustProxy'>;
  logger: Logger;
  limiter: FixedWindowLimiter;
  assets: ReadonlyMap<string, StaticAsset>;
  astroHandler: AstroHandler;
}

/** Server timeouts: slow or idle clients are cut off in bounded time (see docs/deployment.md). */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxHeaderSize: 16 * 1024,
} as const;

/** A site server, plus a switch that makes every later response close its connection. */
export interface SiteServer {
  server: Server;
  drain(): void;
}

/**
 * The site's own `node:http` server. Every request, whichever layer answers it, passes
 * the rate limiter and gets the baseline and rate-limit headers first; then a static
 * file or Astro answers.
 */
export function createSiteServer(options: SiteServerOptions): SiteServer {
  const { config, logger, limiter, assets, astroHandler } = options;
  const baseline = baselineHeaders(config);
  let draining = false;

  const sendProblem = (res: ServerResponse, init: ProblemInit): void => {
    const problem = buildProblem(config.baseUrl, init);
    const { body, headers } = serializeProblem(problem);
    const extra = init.headers === undefined ? {} : Object.fromEntries(new Headers(init.headers));
    res.writeHead(problem.status, {
      ...headers,
      ...extra,
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const path = requestPath(req.url);
    res.once('finish', () => {
      logger.info('request', {
        method,
        path: path ?? '(invalid)',
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      });
    });
    if (draining) res.setHeader('Connection', 'close');

    const address = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxy);
    const key = rateLimitKey(address);
    // CORS preflights are sent by browsers on the client's behalf: they cost no quota.
    const decision = method === 'OPTIONS' ? limiter.peek(key) : limiter.take(key);
    for (const [name, value] of baseline) res.setHeader(name, value);
    for (const [name, value] of rateLimitHeaders(decision)) res.setHeader(name, value);

    if (!decision.allowed) {
      return sendProblem(res, {
        code: 'rate_limited',
        detail: `More than ${decision.limit} requests in one window from this client; retry in ${decision.resetSeconds} s.`,
        ...(path === undefined ? {} : { instance: path }),
      });
    }
    if (path === undefined) {
      return sendProblem(res, {
        code: 'bad_request',
        detail: 'The request target is not a valid, percent-encoded URL path.',
      });
    }
    const asset = assets.get(path);
    if (asset !== undefined) return serveStaticAsset(req, res, asset, sendProblem);
    try {
      await astroHandler(req, res);
    } catch (error) {
      logger.error('unhandled_exception', { method, path, ...describeError(error) });
      if (!res.headersSent) {
        sendProblem(res, {
          code: 'internal_error',
          detail: 'The server failed to handle this request.',
          instance: path,
        });
      } else res.destroy();
    }
  }

  const server = createServer({ ...SERVER_TIMEOUTS }, (req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  return {
    server,
    drain: () => {
      draining = true;
    },
  };
}

/**
 * The decoded-safe path of a request target, or undefined when it is not a valid
 * origin-form target (RFC 9112 §3.2.1) or its percent-encoding does not decode.
 */
export function requestPath(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//')) return undefined;
  const path = target.split('?', 1)[0] ?? '';
  try {
    decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (path.includes('%00') || path.includes('\0')) return undefined;
  return path;
}
