import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPreflight, optionsHeaders } from '../lib/http/cors.ts';
import type { Limiter, RateLimitDecision } from '../lib/rate-limit/limiter.ts';
import { guardUnreadBody } from './http/request-body.ts';
import { requestPath } from './http/request-path.ts';
import { sendEmpty, type Exchange } from './http/send.ts';
import {
  countRequest,
  countSharedRequest,
  type QuotaUse,
  type RateLimitOutcome,
  type RateLimitStepOptions,
} from './steps/rate-limit.ts';
import type { RequestLog } from './steps/request-log.ts';

/**
 * The one request chain of the site and the bundled origin, with Hono's `compose` as the model: a list of steps, each
 * doing its part of the exchange and then calling `next()` for the rest, or answering and stopping there. The steps
 * every server runs are here (count, log, the refusals, OPTIONS, 405), put in order once by `requestChain`; each
 * server hands it its own steps (finding the route, its answer) and its wording of each refusal (`site-server.ts`,
 * `origin/origin-server.ts`).
 */

/** What a step returns: nothing once the exchange is answered or handed on, or the promise of that. */
export type Done = Promise<void> | void;

/** One step of the chain: its part of `exchange`, then `next()` for the steps after it (at most once), or an answer. */
export type Step<E> = (exchange: E, next: () => Done) => Done;

/**
 * Runs `steps` in order on one exchange. Synchronous as long as every step is: no promise is made unless a step
 * returns one (a prepared answer is written within the call), and a step's promise is the chain's.
 *
 * @internal
 */
export function compose<E>(steps: readonly Step<E>[]): (exchange: E) => Done {
  return (exchange) => {
    let index = 0;
    const next = (): Done => {
      const step = steps[index++];
      return step === undefined ? undefined : step(exchange, next);
    };
    return next();
  };
}

/** What the chain reads of any route: the methods it serves (so 405 and OPTIONS) and its metrics label. */
export interface PipelineRoute {
  readonly methods: readonly string[];
  readonly label: string;
  /** Whether a GET or HEAD costs quota (default: it does); an uncounted one still carries the RateLimit headers. */
  readonly counted?: boolean;
}

/**
 * How a request spends quota: `take` one; `peek` for a CORS preflight on a served route (free, counted against the free
 * ceiling, and refused once the quota is gone); `free` for an uncounted route's GET or HEAD (only its own ceiling
 * applies, FREE_CEILING). Everything else counts, OPTIONS too.
 */
export function quotaUse(route: PipelineRoute | undefined, req: IncomingMessage): QuotaUse {
  if (route === undefined) return 'take';
  if (isPreflight(req)) return 'peek';
  const { method } = req;
  if (route.counted === false && (method === 'GET' || method === 'HEAD')) return 'free';
  return 'take';
}

/** One request on its way through the chain: the writers' exchange, and what the steps found out so far. */
export interface RoutedExchange<R extends PipelineRoute> extends Exchange {
  /** The path as sent; undefined when the target is no valid path. */
  readonly path: string | undefined;
  /** The path checked and answered: the one a redirect resolved, so `/.//host` is refused as `//host`. */
  target: string | undefined;
  /** The route that serves `target`; undefined: none (404). */
  route: R | undefined;
  /** The quota's decision, once counted. */
  decision: RateLimitDecision | undefined;
  /** When the request began waiting for the shared store (performance.now()), so its duration includes the wait. */
  waitedSince: number | undefined;
  /** Whether a route matched by its path's shape (a marker's page) is known to exist already. */
  known: boolean;
}

/** A new exchange of `req`, before any step. */
function routedExchange<R extends PipelineRoute>(
  req: IncomingMessage,
  res: ServerResponse,
  baseUrl: string,
  path: string | undefined,
): RoutedExchange<R> {
  return {
    req,
    res,
    headers: [],
    baseUrl,
    client: undefined,
    path,
    target: path,
    route: undefined,
    decision: undefined,
    waitedSince: undefined,
    known: false,
  };
}

/** How the quota is counted: the step's limiters and, with `shared`, the store shared with other instances. */
interface CountOptions {
  step: RateLimitStepOptions;
  shared?: Limiter;
}

/**
 * Counts the request as `quotaUse` says and sets the headers every response to it carries (baseline, rate limit). Only with
 * a shared store may the count be a promise: the request then waits for it (at most its deadline).
 */
function countStep<E extends RoutedExchange<PipelineRoute>>(options: CountOptions): Step<E> {
  const { step } = options;
  const shared = options.shared === undefined ? undefined : { ...step, shared: options.shared };
  return (exchange, next) => {
    const spent = quotaUse(exchange.route, exchange.req);
    const outcome =
      shared === undefined ? countRequest(exchange.req, step, spent) : countSharedRequest(exchange.req, shared, spent);
    if (outcome instanceof Promise) {
      return outcome.then((counted) => {
        applyCount(exchange, counted);
        return next();
      });
    }
    applyCount(exchange, outcome);
    return next();
  };
}

/** Sets what the count found on the exchange: the headers list is the outcome's own, not a copy. */
function applyCount(
  exchange: RoutedExchange<PipelineRoute>,
  { decision, headers, address, waitedSince }: RateLimitOutcome,
) {
  exchange.headers = headers;
  exchange.client = address;
  exchange.decision = decision;
  exchange.waitedSince = waitedSince;
}

/** Gives the request its `X-Request-Id` and its log line, and bounds a body nobody reads (all but GET and HEAD). */
function logStep<E extends RoutedExchange<PipelineRoute>>(
  requestLog: RequestLog,
  unreadBodyGraceMs: number | undefined,
): Step<E> {
  return (exchange, next) => {
    const { req, res } = exchange;
    const label = exchange.route?.label ?? 'other';
    exchange.headers.push(
      'X-Request-Id',
      requestLog.begin(req, res, exchange.path, exchange.client!, label, exchange.waitedSince),
    );
    if (req.method !== 'GET' && req.method !== 'HEAD') guardUnreadBody(req, res, unreadBodyGraceMs);
    return next();
  };
}

/** The 429 of a request past its quota, answered by `refuse`. */
const rateLimitedStep =
  <E extends RoutedExchange<PipelineRoute>>(refuse: (exchange: E, decision: RateLimitDecision) => void): Step<E> =>
  (exchange, next) =>
    exchange.decision!.allowed ? next() : refuse(exchange, exchange.decision!);

/** What no route can serve (a malformed request, no path): `routable` answers it, or returns the target to route. */
const routableStep =
  <E extends RoutedExchange<PipelineRoute>>(
    routable: (exchange: E, target: string | undefined) => string | undefined,
  ): Step<E> =>
  (exchange, next) => {
    const target = routable(exchange, exchange.target);
    if (target === undefined) return;
    exchange.target = target;
    return next();
  };

/** The 404 of a target no route serves, answered by `refuse`. */
const notFoundStep =
  <E extends RoutedExchange<PipelineRoute>>(refuse: (exchange: E, target: string) => void): Step<E> =>
  (exchange, next) =>
    exchange.route === undefined ? refuse(exchange, exchange.target!) : next();

/** The 204 to OPTIONS on a served path: `Allow` and the CORS preflight's answer, from the route's methods. */
const optionsStep =
  <E extends RoutedExchange<PipelineRoute>>(): Step<E> =>
  (exchange, next) =>
    exchange.req.method === 'OPTIONS' ? sendEmpty(exchange, 204, optionsHeaders(exchange.route!.methods)) : next();

/** The 405 of a method the route does not serve, answered by `refuse`. */
const methodStep =
  <R extends PipelineRoute, E extends RoutedExchange<R>>(
    refuse: (exchange: E, route: R, target: string, method: string) => void,
  ): Step<E> =>
  (exchange, next) => {
    const method = exchange.req.method ?? 'GET';
    const route = exchange.route!;
    return route.methods.includes(method) ? next() : refuse(exchange, route, exchange.target!, method);
  };

/** What a server puts into the one chain: its own steps, its limiters and log, and its wording of each refusal. */
export interface ChainOptions<R extends PipelineRoute> {
  baseUrl: string;
  /** The first steps: they find the route of the request (and may answer before the count, as `npm run dev` does). */
  route: ReadonlyArray<Step<RoutedExchange<R>>>;
  count: CountOptions;
  requestLog: RequestLog;
  unreadBodyGraceMs: number | undefined;
  /** The 429 of a request past its quota. */
  rateLimited: (exchange: RoutedExchange<R>, decision: RateLimitDecision) => void;
  /** What no route can serve (a malformed request, no path): answers it, or returns the target to route. */
  routable: (exchange: RoutedExchange<R>, target: string | undefined) => string | undefined;
  /** The 404 of a target no route serves. */
  notFound: (exchange: RoutedExchange<R>, target: string) => void;
  /** Steps once a route is found, before OPTIONS and 405: whether a route matched by its path's shape exists. */
  found?: ReadonlyArray<Step<RoutedExchange<R>>>;
  /** The 405 of a method the route does not serve. */
  methodNotAllowed: (exchange: RoutedExchange<R>, route: R, target: string, method: string) => void;
  /** The last step: the route's own answer. */
  answer: Step<RoutedExchange<R>>;
}

/**
 * The request handler of a server: its route steps, then count (quota, baseline and RateLimit headers), log, 429, the
 * request no route can serve, 404, its `found` steps, OPTIONS, 405 and the answer. The order is the same for every
 * server: a refusal still carries the headers and the log line of any response.
 */
export function requestChain<R extends PipelineRoute>(
  options: ChainOptions<R>,
): (req: IncomingMessage, res: ServerResponse) => Done {
  const chain = compose<RoutedExchange<R>>([
    ...options.route,
    countStep(options.count),
    logStep(options.requestLog, options.unreadBodyGraceMs),
    rateLimitedStep(options.rateLimited),
    routableStep(options.routable),
    notFoundStep(options.notFound),
    ...(options.found ?? []),
    optionsStep(),
    methodStep(options.methodNotAllowed),
    options.answer,
  ]);
  const { baseUrl } = options;
  // Not async: a prepared representation is written within this call, without a promise.
  return (req, res) => chain(routedExchange<R>(req, res, baseUrl, requestPath(req.url)));
}
