import type { IncomingMessage } from 'node:http';
import { resolveClientAddress, rateLimitKey } from '../../lib/http/client-address.ts';
import { FREE_CEILING, pushRateLimitHeaders } from '../../lib/rate-limit/headers.ts';
import type { FreeCount, InstanceLimiter, Limiter, RateLimitDecision } from '../../lib/rate-limit/limiter.ts';

/** How a request spends its client's quota: `take` one, `peek` (a preflight), or `free` (the health probe, files). */
export type QuotaUse = 'take' | 'peek' | 'free';

/** What the first step of every request needs. */
export interface RateLimitStepOptions {
  limiter: InstanceLimiter;
  trustProxy: number;
  /** Headers every response carries (CORS, nosniff…), set before anything answers. */
  baseline: ReadonlyArray<readonly [string, string]>;
  /** Requests that cost no quota and are never refused (they still get the headers); none when absent. */
  exempt?: (req: IncomingMessage) => boolean;
  /**
   * Counts `free` requests and preflights per client against a generous ceiling (FREE_CEILING); without it they are
   * refused only as the quota says (a preflight once it is gone).
   */
  freeCeiling?: InstanceLimiter;
  /** The quota shared with other instances (RATE_LIMIT_STORE_URL): it counts every request when present. */
  shared?: Limiter;
}

/** The limiter key of exempt requests: never taken from, so always a full quota (no address looks like it). */
const EXEMPT_KEY = '(exempt)';

/** A decision and the headers every response to that request carries, as a flat name/value list. */
export interface RateLimitOutcome {
  decision: RateLimitDecision;
  /** `[name, value, name, value…]`: the form `writeHead` takes without copying. */
  headers: string[];
  /** The client's address as the limiter saw it (see resolveClientAddress), for the log. */
  address: string;
  /** When the request began waiting for the shared store (performance.now()), so its duration includes the wait. */
  waitedSince?: number;
}

/**
 * Counts the request as `use` says and returns the baseline and rate-limit headers every response carries, errors included (docs/service.md, "Conventions every response follows").
 * `free` requests and preflights cost no quota but count against the free ceiling; their headers report the quota as
 * it stands. Exempt requests cost nothing at all.
 */
export function countRequest(
  req: IncomingMessage,
  options: RateLimitStepOptions,
  use: QuotaUse = 'take',
): RateLimitOutcome {
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustProxy);
  const key = rateLimitKey(address);
  // An exempt request is allowed whatever its address has used: a window nobody takes from.
  const decision =
    options.exempt?.(req) === true
      ? options.limiter.peek(EXEMPT_KEY)
      : use === 'take'
        ? options.limiter.take(key)
        : freeDecision(options.limiter.peek(key), options.freeCeiling?.take(key), use);
  return outcomeOf(options, decision, address);
}

/**
 * `countRequest` with the shared store: every request but an exempt one waits for the store's count (at most its
 * hard deadline), the quota's or the free ceiling's, the latter read with the quota as it stands; all are answered at
 * once while the store is out of use.
 */
export function countSharedRequest(
  req: IncomingMessage,
  options: RateLimitStepOptions & { shared: Limiter },
  use: QuotaUse = 'take',
): RateLimitOutcome | Promise<RateLimitOutcome> {
  const ceiling = options.freeCeiling;
  if (options.exempt?.(req) === true || (use !== 'take' && ceiling === undefined)) {
    return countRequest(req, options, use);
  }
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustProxy);
  const waitedSince = performance.now();
  const key = rateLimitKey(address);
  if (use === 'take') {
    const decision = options.shared.take(key);
    if (!(decision instanceof Promise)) return outcomeOf(options, decision, address);
    return decision.then((shared) => ({ ...outcomeOf(options, shared, address), waitedSince }));
  }
  const counted = options.shared.takeFree(key, ceiling!);
  const outcome = ({ quota, ceiling }: FreeCount) => outcomeOf(options, freeDecision(quota, ceiling, use), address);
  if (!(counted instanceof Promise)) return outcome(counted);
  return counted.then((free) => ({ ...outcome(free), waitedSince }));
}

function outcomeOf(options: RateLimitStepOptions, decision: RateLimitDecision, address: string): RateLimitOutcome {
  const headers = flatBaseline(options.baseline).slice();
  pushRateLimitHeaders(headers, decision);
  return { decision, headers, address };
}

/**
 * A request that costs no quota: the quota as it stands, allowed unless the client passed the ceiling of such
 * requests (then refused until that window ends, `Retry-After`, the headers still reporting the untouched quota) or,
 * for a preflight, used up its quota.
 */
function freeDecision(
  quota: RateLimitDecision,
  ceiling: RateLimitDecision | undefined,
  use: Exclude<QuotaUse, 'take'>,
): RateLimitDecision {
  if (ceiling !== undefined && !ceiling.allowed)
    return { ...quota, allowed: false, resetSeconds: ceiling.resetSeconds };
  return quota.allowed || use === 'peek' ? quota : { ...quota, allowed: true };
}

/** Each baseline as a flat name/value list, made once: every request starts from a copy of it. */
const flatBaselines = new WeakMap<RateLimitStepOptions['baseline'], string[]>();

function flatBaseline(baseline: RateLimitStepOptions['baseline']): string[] {
  let flat = flatBaselines.get(baseline);
  if (flat === undefined) flatBaselines.set(baseline, (flat = baseline.flat()));
  return flat;
}

/** The detail of a 429 Problem; `free`: the refused request costs no quota, but passed the ceiling of such requests. */
export const rateLimitedDetail = (decision: RateLimitDecision, free = false): string =>
  free
    ? `More than ${FREE_CEILING.limit} uncounted requests (files, health checks) in one window from this client; retry in ${decision.resetSeconds} s.`
    : `More than ${decision.limit} requests in one window from this client; retry in ${decision.resetSeconds} s.`;
