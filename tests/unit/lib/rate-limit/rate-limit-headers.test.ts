import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY, pushRateLimitHeaders, rateLimitHeaders } from '../../../../src/lib/rate-limit/headers.ts';

const { limit, windowSeconds } = CATALOG_POLICY;

describe('pushRateLimitHeaders', () => {
  it.each([
    ['an allowed request', { allowed: true, limit, remaining: limit - 1, resetSeconds: windowSeconds }],
    ['a refused request, with Retry-After', { allowed: false, limit, remaining: 0, resetSeconds: 1 }],
  ])('appends the rate-limit headers after those already there, in order, for %s', (_, decision) => {
    const headers = ['X-Before', 'kept'];
    pushRateLimitHeaders(headers, decision);
    expect(headers.filter((_value, i) => i % 2 === 0)).toEqual([
      'X-Before',
      'RateLimit-Policy',
      'RateLimit',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      ...(decision.allowed ? [] : ['Retry-After']),
    ]);
    expect(headers.slice(2)).toEqual(rateLimitHeaders(decision).flat());
  });

  it('says RateLimit r and t of the decision (IETF httpapi draft)', () => {
    const headers: string[] = [];
    pushRateLimitHeaders(headers, { allowed: true, limit, remaining: 7, resetSeconds: 42 });
    expect(headers[headers.indexOf('RateLimit') + 1]).toBe('"catalog";r=7;t=42');
  });
});
