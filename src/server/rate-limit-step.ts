import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveClientAddress, rateLimitKey } from '../lib/http/client-address.ts';
import type { FixedWindowLimiter, RateLimitDecision } from '../lib/rate-limit/fixed-window-limiter.ts';
import { rateLimitHeaders } from '../lib/rate-limit/headers.ts';

/** What the first step of every request needs. */
export interface RateLimitStepOptions {
  limiter: FixedWindowLimiter;
  trustProxy: number;
  /** Headers every response carries (CORS, nosniff…), set before anything answers. */
  baseline: ReadonlyArray<readonly [string, string]>;
}

/**
 * Counts the request against its client's window and sets the baseline and rate-limit
 * headers on the response, so whichever layer answers next, they are there (spec 8).
 * CORS preflights are sent by browsers on the client's behalf and cost no quota.
 */
export function applyRateLimit(
  req: IncomingMessage,
  res: ServerResponse,
  options: RateLimitStepOptions,
): RateLimitDecision {
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustProxy);
  const key = rateLimitKey(address);
  const decision = req.method === 'OPTIONS' ? options.limiter.peek(key) : options.limiter.take(key);
  for (const [name, value] of options.baseline) res.setHeader(name, value);
  for (const [name, value] of rateLimitHeaders(decision)) res.setHeader(name, value);
  return decision;
}

/** The detail of a 429 Problem. */
export const rateLimitedDetail = (decision: RateLimitDecision): string =>
  `More than ${decision.limit} requests in one window from this client; retry in ${decision.resetSeconds} s.`;
