import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { sharedInProcessSite, startInProcess } from '../helpers/site.ts';

const LIMIT = CATALOG_POLICY.limit;

/**
 * The quota every client has: what it costs, what the headers say, and the 429 past it. A CORS preflight (nothing) is
 * in `tests/unit/lib/http/cors.test.ts`, static files in `static-asset-quota.test.ts`.
 */
const server = sharedInProcessSite();

describe('the quota', () => {
  it(`returns 429 with Retry-After after ${LIMIT} requests, and every response carries the headers`, async () => {
    const get = server.client();
    const responses: Response[] = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      // Mix static-ish, 404 and 405 responses: one limiter counts them all.
      const path = ['/', '/no-such-page', '/v1/biomarkers/public'][i % 3]!;
      responses.push(await get(server.url + path, { method: i % 7 === 0 ? 'DELETE' : 'GET' }));
    }
    responses.forEach((response, i) => {
      expect(response.headers.get('ratelimit-policy')).toBe(`"catalog";q=${LIMIT};w=${CATALOG_POLICY.windowSeconds}`);
      expect(response.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      const remaining = Number(response.headers.get('ratelimit-remaining'));
      const reset = Number(response.headers.get('ratelimit-reset'));
      expect(remaining).toBe(Math.max(0, LIMIT - 1 - i));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(response.headers.get('ratelimit')).toBe(`"catalog";r=${remaining};t=${reset}`);
      if (i < LIMIT) expect(response.headers.get('retry-after')).toBeNull();
    });
    const refused = responses[LIMIT]!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBe(Number(refused.headers.get('ratelimit-reset')));
    expect(await refused.json()).toMatchObject({
      type: `${server.url}/developers#rate-limited`,
      status: 429,
      code: 'rate_limited',
      title: 'Too many requests',
    });
  });

  it('counts an OPTIONS that is not a CORS preflight, on any path', async () => {
    const get = server.client();
    for (let i = 0; i < 3; i += 1) {
      const response = await get(`${server.url}/nope-${i}`, { method: 'OPTIONS', headers: { Accept: 'text/html' } });
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
    expect((await get(`${server.url}/robots.txt`)).headers.get('ratelimit-remaining')).toBe(String(LIMIT - 4));
  });

  it('counts a CORS preflight to a marker key that does not exist, answered with the usual 404', async () => {
    const get = server.client();
    const preflight = { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' };
    for (let i = 0; i < 3; i += 1) {
      const response = await get(`${server.url}/biomarkers/nokey-000${i}`, {
        method: 'OPTIONS',
        headers: { ...preflight, Accept: 'application/json' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    const known = await get(`${server.url}/biomarkers/hs-crp`, { method: 'OPTIONS', headers: preflight });
    expect(known.status).toBe(204);
    expect((await get(`${server.url}/robots.txt`)).headers.get('ratelimit-remaining')).toBe(String(LIMIT - 4));
  });

  it('never refuses the health probe, which still reports the quota', async () => {
    const get = server.client();
    for (let i = 0; i <= LIMIT; i += 1) await (await get(`${server.url}/robots.txt`)).arrayBuffer();
    const probe = await get(`${server.url}/healthz`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('ratelimit-remaining')).toBe('0');
    expect(probe.headers.get('retry-after')).toBeNull();
  });
});

describe('spoofed X-Forwarded-For without TRUST_PROXY', () => {
  it('cannot escape the limit', async () => {
    const plain = await startInProcess();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i += 1) {
        const response = await fetch(`${plain.url}/nope`, { headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, LIMIT).every((s) => s === 404)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
    } finally {
      await plain.stop();
    }
  });
});
