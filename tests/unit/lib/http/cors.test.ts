import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_REQUEST_HEADERS,
  CORS_HEADERS,
  isPreflight,
  optionsHeaders,
  PREFLIGHT_MAX_AGE_SECONDS,
} from '../../../../src/lib/http/cors.ts';
import { baselineHeaders } from '../../../../src/lib/http/response-headers.ts';
import { createLogger } from '../../../../src/lib/log/logger.ts';
import { CATALOG_POLICY } from '../../../../src/lib/rate-limit/headers.ts';
import { createFreeCeiling, createQuotaLimiter } from '../../../../src/lib/rate-limit/policy-limiters.ts';
import { sendEmpty } from '../../../../src/server/http/send.ts';
import { quotaUse, requestChain, type PipelineRoute } from '../../../../src/server/pipeline.ts';
import { SiteRoutes } from '../../../../src/server/routes.ts';
import { createRequestLog } from '../../../../src/server/steps/request-log.ts';

const PREFLIGHT = { origin: 'https://app.example', 'access-control-request-method': 'GET' };

describe('the CORS headers of every response', () => {
  it('let any origin read it, and a script read the quota, the validators, the links and the request id', () => {
    expect(Object.fromEntries(CORS_HEADERS)).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers':
        'RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, ETag, Link, ' +
        'WWW-Authenticate, X-Request-Id',
    });
  });

  it('come first among the baseline headers, in production and elsewhere', () => {
    for (const deployEnv of ['production', 'test'] as const) {
      const baseline = baselineHeaders({ baseUrl: 'https://api.example', deployEnv });
      expect(baseline.slice(0, CORS_HEADERS.length)).toEqual(CORS_HEADERS);
    }
  });
});

describe('what a preflight is', () => {
  it('is an OPTIONS with Origin and Access-Control-Request-Method', () => {
    expect(isPreflight({ method: 'OPTIONS', headers: PREFLIGHT })).toBe(true);
  });

  it.each([
    ['a script’s own OPTIONS', { method: 'OPTIONS', headers: { origin: 'https://app.example' } }],
    ['an OPTIONS without Origin', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } }],
    ['a cross-origin GET', { method: 'GET', headers: PREFLIGHT }],
  ])('is not %s', (_name, request) => {
    expect(isPreflight(request)).toBe(false);
  });
});

describe('the answer to OPTIONS', () => {
  it('allows the methods of the path and OPTIONS, the request headers a client sends, for a day', () => {
    expect(optionsHeaders(['POST'])).toEqual([
      'Allow',
      'POST, OPTIONS',
      'Access-Control-Allow-Methods',
      'POST, OPTIONS',
      'Access-Control-Allow-Headers',
      'Authorization, Content-Type, If-Match, If-None-Match',
      'Access-Control-Max-Age',
      '86400',
    ]);
    expect(ALLOWED_REQUEST_HEADERS).toContain('Authorization');
    expect(PREFLIGHT_MAX_AGE_SECONDS).toBe(24 * 60 * 60);
  });
});

/** A chain of one route (`/data`, GET and HEAD) with the site's limiters, driven without a socket. */
function oneRouteChain() {
  const route: PipelineRoute = { methods: ['GET', 'HEAD'], label: 'catalog' };
  const logger = createLogger('silent', { info: () => undefined, error: () => undefined });
  const handle = requestChain<PipelineRoute>({
    baseUrl: 'https://api.example',
    route: [
      (exchange, next) => {
        exchange.route = exchange.path === '/data' ? route : undefined;
        return next();
      },
    ],
    count: {
      step: {
        limiter: createQuotaLimiter(100),
        freeCeiling: createFreeCeiling(),
        trustProxy: 0,
        baseline: baselineHeaders({ baseUrl: 'https://api.example', deployEnv: 'production' }),
      },
    },
    requestLog: createRequestLog({ logger, service: 'site', trustProxy: 0, clientAddress: 'full' }),
    unreadBodyGraceMs: undefined,
    rateLimited: (exchange) => sendEmpty(exchange, 429),
    routable: (_exchange, target) => target,
    notFound: (exchange) => sendEmpty(exchange, 404),
    methodNotAllowed: (exchange) => sendEmpty(exchange, 405),
    answer: (exchange) => sendEmpty(exchange, 200),
  });
  return (url: string, method: 'GET' | 'OPTIONS', headers: Record<string, string> = {}) =>
    inject((req: IncomingMessage, res: ServerResponse) => void handle(req, res), {
      url,
      method,
      headers,
      remoteAddress: '203.0.113.9',
    });
}

describe('a preflight through the request chain', () => {
  it('is answered 204 with the CORS headers, at no cost to the quota', async () => {
    const send = oneRouteChain();
    for (let i = 0; i < 3; i += 1) {
      const preflight = await send('/data', 'OPTIONS', PREFLIGHT);
      expect(preflight.statusCode).toBe(204);
      expect(preflight.body).toBe('');
      expect(preflight.headers['allow']).toBe('GET, HEAD, OPTIONS');
      expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-max-age']).toBe('86400');
      expect(preflight.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit));
    }
    expect((await send('/data', 'GET')).headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
  });

  it('costs a request when it is not a preflight, or names no served path', async () => {
    const send = oneRouteChain();
    const plain = await send('/data', 'OPTIONS', { origin: 'https://app.example' });
    expect(plain.statusCode).toBe(204);
    expect(plain.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
    const unserved = await send('/nope', 'OPTIONS', PREFLIGHT);
    expect(unserved.statusCode).toBe(404);
    expect(unserved.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 2));
  });

  it('is free on every family of the site’s route table, and on no path it does not serve', () => {
    const routes = new SiteRoutes({
      baseUrl: 'https://api.example',
      deployEnv: 'test',
      catalogOriginPublicUrl: undefined,
    });
    const preflight = { method: 'OPTIONS', headers: PREFLIGHT } as unknown as IncomingMessage;
    for (const path of [
      '/v1/biomarkers/public',
      '/oauth/token',
      '/healthz',
      '/robots.txt',
      '/developers',
      '/de/index.md',
    ]) {
      expect(quotaUse(routes.resolve(path), preflight), path).toBe('peek');
    }
    expect(quotaUse(routes.resolve('/nope-1'), preflight)).toBe('take');
  });
});
