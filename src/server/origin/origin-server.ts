import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ORIGIN_KEY_HEADER } from '../../lib/catalog/catalog-service.ts';
import { CATALOG_PATH, type BiomarkerCatalog, type CatalogTemplate } from '../../lib/schemas/catalog.ts';
import { parseTemplate } from '../../lib/catalog/parse-template.ts';
import type { Config } from '../../lib/config/config.ts';
import { baselineHeaders } from '../../lib/http/response-headers.ts';
import { methodNotAllowedDetail } from '../../lib/http/problem-details.ts';
import type { Logger } from '../../lib/log/logger.ts';
import type { InstanceLimiter } from '../../lib/rate-limit/limiter.ts';
import { rateLimitedDetail } from '../steps/rate-limit.ts';
import { createRequestLog, type RequestLogOptions } from '../steps/request-log.ts';
import { queryOf } from '../http/request-path.ts';
import { checkPreconditions, sendAnswer, sendEmpty, sendProblem, type Exchange } from '../http/send.ts';
import { createHttpServer, type ConfiguredTimeouts, type DrainableServer } from '../http/create-http-server.ts';
import { requestChain, type PipelineRoute, type RoutedExchange, type Step } from '../pipeline.ts';

/** A request to the origin on its way through the chain. */
type OriginExchange = RoutedExchange<PipelineRoute>;

/**
 * A fresh random key, made per process when `CATALOG_ORIGIN_KEY` is unset. Not an address: the site reaches the
 * origin from 127.0.0.1, which clients could claim in `X-Forwarded-For` and spend the site's quota (the catalog
 * then answered 502). Never logged.
 */
export const createOriginKey = (): string => randomBytes(32).toString('base64url');

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether a header value is `key`: hashed first, so constant-time; a repeated header never matches. */
function originKeyMatches(received: string | string[] | undefined, key: string | undefined): boolean {
  if (key === undefined || typeof received !== 'string') return false;
  return timingSafeEqual(digest(received), digest(key));
}

const METHODS = ['GET', 'HEAD'];
const ALLOW = [...METHODS, 'OPTIONS'].join(', ');

/** The origin's route table, run by the site's pipeline: the catalog, nothing else (404). */
const ROUTES: ReadonlyMap<string, PipelineRoute> = new Map([[CATALOG_PATH, { methods: METHODS, label: 'catalog' }]]);

/** What the origin serves and how it limits. */
export interface OriginServerOptions {
  config: Pick<Config, 'baseUrl' | 'deployEnv' | 'catalogOriginTrustProxy' | 'catalogOriginKey' | 'logClientAddress'> &
    ConfiguredTimeouts;
  logger: Logger;
  limiter: InstanceLimiter;
  panels: Record<CatalogTemplate, BiomarkerCatalog>;
  /** Told of every finished request (metrics). */
  observe?: RequestLogOptions['observe'];
}

/**
 * The bundled catalog origin: `public-complete-eu` when no template is named (as the site), 400 for a bad template,
 * 404 elsewhere. It trusts its own proxy hops (`CATALOG_ORIGIN_TRUST_PROXY`), and requests with the site's key
 * (`createOriginKey`) cost no quota, so no client can use up the site's upstream budget.
 */
export function createOriginServer(options: OriginServerOptions): DrainableServer {
  const { config, logger, limiter } = options;
  const keyHeader = ORIGIN_KEY_HEADER.toLowerCase();
  const step = {
    limiter,
    trustProxy: config.catalogOriginTrustProxy,
    baseline: baselineHeaders(config),
    exempt: (req: IncomingMessage) => originKeyMatches(req.headers[keyHeader], config.catalogOriginKey),
  };
  // Each panel is serialised and hashed when first asked for, not all four at start-up: the
  // site's first request needs one, and the others would cost start-up time for nothing.
  const bodies = new Map<CatalogTemplate, { body: Buffer; etag: string }>();
  const bodyOf = (template: CatalogTemplate) => {
    let entry = bodies.get(template);
    if (entry === undefined) {
      const body = Buffer.from(JSON.stringify(options.panels[template]));
      entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
      bodies.set(template, entry);
    }
    return entry;
  };
  const requestLog = createRequestLog({
    logger,
    service: 'origin',
    trustProxy: config.catalogOriginTrustProxy,
    clientAddress: config.logClientAddress,
    ...(options.observe === undefined ? {} : { observe: options.observe }),
  });
  const problem = (exchange: Exchange, instance: string | undefined, init: Parameters<typeof sendProblem>[1]) =>
    sendProblem(exchange, { ...(instance === undefined ? {} : { instance }), ...init });

  const answerCatalog: Step<OriginExchange> = (exchange) => {
    const parsed = parseTemplate(queryOf(exchange.req.url));
    if (!parsed.ok) return problem(exchange, exchange.target, { code: 'bad_request', detail: parsed.detail });
    const { body, etag } = bodyOf(parsed.template);
    const precondition = checkPreconditions(exchange, () => [etag]);
    if (precondition.status === 412) return;
    exchange.headers.push('ETag', etag, 'Cache-Control', 'no-cache');
    if (precondition.status === 304) return sendEmpty(exchange, 304);
    sendAnswer(exchange, { status: 200, headers: ['Content-Type', 'application/json'], body });
  };

  // The site's chain and CORS policy (so a browser may send `Authorization` to either origin), with the origin's one
  // route and its own wording of each refusal.
  const handle = requestChain<PipelineRoute>({
    baseUrl: config.baseUrl,
    route: [
      (exchange, next) => {
        exchange.route = exchange.path === undefined ? undefined : ROUTES.get(exchange.path);
        return next();
      },
    ],
    count: { step },
    requestLog,
    unreadBodyGraceMs: config.unreadBodyGraceMs,
    rateLimited: (exchange, decision) =>
      problem(exchange, exchange.path, { code: 'rate_limited', detail: rateLimitedDetail(decision) }),
    routable: (exchange, target) => {
      if (target !== undefined) return target;
      return void sendProblem(exchange, { code: 'bad_request', detail: 'The request target is not a valid URL path.' });
    },
    notFound: (exchange, target) =>
      problem(exchange, target, { code: 'not_found', detail: `The catalog origin serves only ${CATALOG_PATH}.` }),
    methodNotAllowed: (exchange, _route, target, method) =>
      problem(exchange, target, {
        code: 'method_not_allowed',
        detail: methodNotAllowedDetail(method, CATALOG_PATH, METHODS),
        headers: { Allow: ALLOW },
      }),
    answer: answerCatalog,
  });

  const server = createHttpServer(handle, {
    baseUrl: config.baseUrl,
    limiter,
    baseline: step.baseline,
    logger,
    requestLog,
    timeouts: config,
  });
  return { server };
}
