import type { RateLimitDecision } from './limiter.ts';

/** Name of the one rate-limit policy the service advertises on every response. */
export const POLICY_NAME = 'catalog';

/** Requests per window and window length of the `catalog` policy: 60 requests a minute per client and process. */
export const CATALOG_POLICY = { limit: 60, windowSeconds: 60 } as const;

/**
 * The ceiling of the requests that cost no quota (the build's files, `/healthz`) per client and window: ten a second.
 * A prober at one a second, or a reader loading a page's files, never comes near it; a flood from one address stops.
 */
export const FREE_CEILING = { limit: 600, windowSeconds: 60 } as const;

/** The `RateLimit-Policy` value, constant for the service. */
export const RATE_LIMIT_POLICY = `"${POLICY_NAME}";q=${CATALOG_POLICY.limit};w=${CATALOG_POLICY.windowSeconds}`;

/**
 * The IETF httpapi draft's `RateLimit`/`RateLimit-Policy` and the common `RateLimit-Limit/Remaining/Reset`;
 * `Retry-After` (RFC 9110 §10.2.3) when refused. Pushed onto a flat name/value list for `writeHead`, with no pair
 * allocated per request.
 */
export function pushRateLimitHeaders(headers: string[], decision: RateLimitDecision): void {
  const remaining = String(decision.remaining);
  const reset = String(decision.resetSeconds);
  headers.push(
    'RateLimit-Policy',
    RATE_LIMIT_POLICY,
    'RateLimit',
    `"${POLICY_NAME}";r=${remaining};t=${reset}`,
    'RateLimit-Limit',
    String(decision.limit),
    'RateLimit-Remaining',
    remaining,
    'RateLimit-Reset',
    reset,
  );
  if (!decision.allowed) headers.push('Retry-After', reset);
}

/** The same headers as name/value pairs, for the rare answers written outside the request path. */
export function rateLimitHeaders(decision: RateLimitDecision): Array<[string, string]> {
  const flat: string[] = [];
  pushRateLimitHeaders(flat, decision);
  return Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!]);
}
