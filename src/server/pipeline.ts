import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimitDecision } from '../lib/rate-limit/fixed-window-limiter.ts';
import type { SharedLimiter } from '../lib/rate-limit/shared-limiter.ts';
import { guardUnreadBody } from './http/request-body.ts';
import { sendEmpty, type Exchange } from './http/send.ts';
import {
  countRequest,
  countSharedRequest,
  type QuotaUse,
  type RateLimitOutcome,
  type RateLimitStepOptions,
} from './steps/rate-limit.ts';
import type { RequestLog } from './steps/request-log.ts';

/** What the pipeline reads of any route: the methods it serves (so 405 and OPTIONS) and its metrics label. */
export interface PipelineRoute {
  readonly methods: readonly string[];
  readonly label: string;
}

/** A route table as the pipeline runs it: its routes, and how it words each refusal. */
export interface RouteTable<R extends PipelineRoute> {
  /** How the request spends quota (`take`, `peek` for a preflight, `free`). */
  quotaUse(route: R | undefined, req: IncomingMessage): QuotaUse;
  /** The 429. */
  rateLimited(exchange: Exchange, path: string | undefined, route: R | undefined, decision: RateLimitDecision): void;
  /** The target to route, or undefined once a target no route can serve has been answered (400 and the like). */
  routable(exchange: Exchange, target: string | undefined): string | undefined;
  /** The 404. */
  notFound(exchange: Exchange, target: string): void;
  /** Whether a route matched by its path's shape exists, when that needs a look; undefined: it exists. */
  exists?(route: R): Promise<boolean> | undefined;
  /** The headers of the 204 to OPTIONS (`Allow`, the preflight's). */
  options(route: R, target: string): string[];
  /** The 405, for a method the route does not serve. */
  methodNotAllowed(exchange: Exchange, route: R, target: string, method: string): void;
  /** The route's answer. */
  answer(exchange: Exchange, route: R, target: string): Promise<void> | void;
}

/** What the pipeline counts and logs with. */
export interface PipelineOptions {
  baseUrl: string;
  /** The quota step; with `shared`, the count waits for the store shared with other instances. */
  step: RateLimitStepOptions;
  shared?: SharedLimiter;
  requestLog: RequestLog;
  unreadBodyGraceMs: number | undefined;
}

/**
 * The one request pipeline of the site and the bundled origin: rate limit and baseline headers, request log, the
 * unread-body guard, 429, the table's refusals (400, 404), then OPTIONS, 405 or the route's answer. Returns what runs
 * one request whose route has been looked up; `known`: a route matched by shape is known to exist.
 */
export function createPipeline<R extends PipelineRoute>(table: RouteTable<R>, options: PipelineOptions) {
  const { baseUrl, step, requestLog } = options;
  const shared = options.shared === undefined ? undefined : { ...step, shared: options.shared };

  /** Counts the request and answers it. */
  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    path: string | undefined,
    target: string | undefined,
    route: R | undefined,
    known = false,
  ): Promise<void> | void {
    const use = table.quotaUse(route, req);
    // Only with a shared store may the count be a promise: the request then waits for it (at most its deadline).
    const outcome = shared === undefined ? countRequest(req, step, use) : countSharedRequest(req, shared, use);
    if (outcome instanceof Promise) {
      return outcome.then((counted) => respond(req, res, path, target, route, known, counted));
    }
    return respond(req, res, path, target, route, known, outcome);
  }

  /** Answers a counted request: 429, the refusals of the route table, or its route's answer. */
  function respond(
    req: IncomingMessage,
    res: ServerResponse,
    path: string | undefined,
    target: string | undefined,
    route: R | undefined,
    known: boolean,
    { decision, headers, address, waitedSince }: RateLimitOutcome,
  ): Promise<void> | void {
    const method = req.method ?? 'GET';
    headers.push('X-Request-Id', requestLog.begin(req, res, path, address, route?.label ?? 'other', waitedSince));
    if (method !== 'GET' && method !== 'HEAD') guardUnreadBody(req, res, options.unreadBodyGraceMs);
    const exchange: Exchange = { req, res, headers, baseUrl, client: address };
    if (!decision.allowed) return table.rateLimited(exchange, path, route, decision);
    const routable = table.routable(exchange, target);
    if (routable === undefined) return;
    if (route === undefined) return table.notFound(exchange, routable);
    const exists = known ? undefined : table.exists?.(route);
    if (exists !== undefined) {
      // A route matched by its path's shape; an unknown one is a 404 whatever the method.
      return exists.then((found) => (found ? dispatch(exchange, route, routable) : table.notFound(exchange, routable)));
    }
    return dispatch(exchange, route, routable);
  }

  /** OPTIONS, 405 or the answer, for a path the table serves. */
  function dispatch(exchange: Exchange, route: R, target: string): Promise<void> | void {
    const method = exchange.req.method ?? 'GET';
    if (method === 'OPTIONS') return sendEmpty(exchange, 204, table.options(route, target));
    if (!route.methods.includes(method)) return table.methodNotAllowed(exchange, route, target, method);
    return table.answer(exchange, route, target);
  }

  return serve;
}
