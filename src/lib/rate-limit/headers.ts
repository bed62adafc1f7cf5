import type { RateLimitDecision } from './fixed-window-limiter.ts';

/** Name of the one rate-limit policy the service advertises (spec section 8). */
export const POLICY_NAME = 'catalog';

/** Requests per window and window length of the `catalog` policy (spec section 8). */
export const CATALOG_POLICY = { limit: 60, windowSeconds: 60 } as const;

/** The `RateLimit-Policy` value, constant for the service. */
export const RATE_LIMIT_POLICY = `"${POLICY_NAME}";q=${CATALOG_POLICY.limit};w=${CATALOG_POLICY.windowSeconds}`;

/**
 * The IETF httpapi draft's `RateLimit`/`RateLimit-Policy` and the common `RateLimit-Limit/Remaining/Reset`;
 * `Retry-After` (RFC 9110 §10.2.3) when refused.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['RateLimit-Policy', RATE_LIMIT_POLICY],
    ['RateLimit', `"${POLICY_NAME}";r=${decision.remaining};t=${decision.resetSeconds}`],
    ['RateLimit-Limit', String(decision.limit)],
    ['RateLimit-Remaining', String(decision.remaining)],
    ['RateLimit-Reset', String(decision.resetSeconds)],
  ];
  if (!decision.allowed) headers.push(['Retry-After', String(decision.resetSeconds)]);
  return headers;
}

/** The same headers pushed onto a flat name/value list for `writeHead`, with no pair allocated per request. */
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
