import { describe, expect, it } from 'vitest';
import { pushRateLimitHeaders, rateLimitHeaders } from '../../src/lib/rate-limit/headers.ts';

describe('pushRateLimitHeaders', () => {
  it.each([
    ['an allowed request', { allowed: true, limit: 60, remaining: 59, resetSeconds: 60 }],
    ['a refused request, with Retry-After', { allowed: false, limit: 60, remaining: 0, resetSeconds: 1 }],
  ])('appends the same headers as rateLimitHeaders, in order, for %s', (_, decision) => {
    const headers = ['X-Before', 'kept'];
    pushRateLimitHeaders(headers, decision);
    expect(headers).toEqual(['X-Before', 'kept', ...rateLimitHeaders(decision).flat()]);
  });

  it('says RateLimit r and t of the decision (IETF httpapi draft)', () => {
    const headers: string[] = [];
    pushRateLimitHeaders(headers, { allowed: true, limit: 60, remaining: 7, resetSeconds: 42 });
    expect(headers[headers.indexOf('RateLimit') + 1]).toBe('"catalog";r=7;t=42');
  });
});
