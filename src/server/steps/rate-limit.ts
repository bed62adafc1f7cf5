import type { IncomingMessage } from 'node:http';
import { resolveClientAddress, rateLimitKey } from '../../lib/http/client-address.ts';
import type { FixedWindowLimiter, RateLimitDecision } from '../../lib/rate-limit/fixed-window-limiter.ts';
import { pushRateLimitHeaders } from '../../lib/rate-limit/headers.ts';

/** How a request spends its client's quota: `take` one, `peek` (a preflight), or `free` (the health probe). */
export type QuotaUse = 'take' | 'peek' | 'free';

/** What the first step of every request needs. */
export interface RateLimitStepOptions {
  limiter: FixedWindowLimiter;
  trustProxy: number;
  /** Headers every response carries (CORS, nosniff…), set before anything answers. */
  baseline: ReadonlyArray<readonly [string, string]>;
  /** Requests that cost no quota and are never refused (they still get the headers); none when absent. */
  exempt?: (req: IncomingMessage) => boolean;
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
}

/**
 * Counts the request as `use` says and returns the baseline and rate-limit headers every response carries (spec 8).
 * `free` and exempt requests cost none; their headers report the quota as it stands.
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
        : use === 'free'
          ? { ...options.limiter.peek(key), allowed: true }
          : options.limiter.peek(key);
  const headers = flatBaseline(options.baseline).slice();
  pushRateLimitHeaders(headers, decision);
  return { decision, headers, address };
}

/** Each baseline as a flat name/value list, made once: every request starts from a copy of it. */
const flatBaselines = new WeakMap<RateLimitStepOptions['baseline'], string[]>();

function flatBaseline(baseline: RateLimitStepOptions['baseline']): string[] {
  let flat = flatBaselines.get(baseline);
  if (flat === undefined) flatBaselines.set(baseline, (flat = baseline.flat()));
  return flat;
}

/** The detail of a 429 Problem. */
export const rateLimitedDetail = (decision: RateLimitDecision): string =>
  `More than ${decision.limit} requests in one window from this client; retry in ${decision.resetSeconds} s.`;
