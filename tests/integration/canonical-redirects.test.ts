import { beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * Near misses of a page's one URL: a trailing slash, or a marker key in capitals, get a 301 to the canonical URL with
 * the query kept, counted against the quota like the page itself. API paths stay exact: a near miss of one is a 404.
 */
let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
}, 30_000);

/** Each near miss and the URL it is moved to. */
const REDIRECTS: Array<{ from: string; to: string }> = [
  { from: '/developers/', to: '/developers' },
  { from: '/de/', to: '/de' },
  { from: '/developers.md/', to: '/developers.md' },
  { from: '/de/docs/mcp/', to: '/de/docs/mcp' },
  { from: '/biomarkers/', to: '/biomarkers' },
  { from: '/biomarkers/HbA1c', to: '/biomarkers/hba1c' },
  { from: '/biomarkers/HBA1C.md', to: '/biomarkers/hba1c.md' },
  { from: '/de/biomarkers/EGFR', to: '/de/biomarkers/egfr' },
  { from: '/biomarkers/HbA1c/', to: '/biomarkers/hba1c' },
];

describe.each(REDIRECTS)('$from', ({ from, to }) => {
  it.each(['GET', 'HEAD'] as const)('%s: 301 to the canonical URL, which answers 200', async (method) => {
    const reply = await site.request({ url: from, method });
    expect(reply.statusCode).toBe(301);
    expect(reply.headers['location']).toBe(to);
    expect(reply.headers['ratelimit-policy']).toBe('"catalog";q=60;w=60');
    expect(reply.headers['ratelimit-remaining']).toBe('59');
    if (method === 'HEAD') expect(reply.body).toBe('');
    const target = await site.request({ url: to, method, headers: { accept: 'text/html' } });
    expect(target.statusCode).toBe(200);
  });

  it('keeps the query', async () => {
    const reply = await site.request(`${from}?q=sugar&lang=de`);
    expect(reply.statusCode).toBe(301);
    expect(reply.headers['location']).toBe(`${to}?q=sugar&lang=de`);
  });
});

describe('the quota', () => {
  it('takes one request per redirect, as the page would', async () => {
    const remoteAddress = '10.79.0.1';
    const remaining: string[] = [];
    for (const url of ['/developers', '/developers/', '/biomarkers/HbA1c', '/de/']) {
      const reply = await site.request({ url, remoteAddress, headers: { accept: 'text/html' } });
      remaining.push(String(reply.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['59', '58', '57', '56']);
  });

  it('refuses a redirect with 429 once the quota is used up', async () => {
    const remoteAddress = '10.79.1.1';
    for (let i = 0; i < 60; i += 1) await site.request({ url: '/de/', remoteAddress });
    const reply = await site.request({ url: '/de/', remoteAddress });
    expect(reply.statusCode).toBe(429);
    expect(reply.headers['location']).toBeUndefined();
  });
});

describe('no redirect', () => {
  it.each([
    '/v1/biomarkers/public/',
    '/openapi.json/',
    '/oauth/token/',
    '/.well-known/oauth-authorization-server/',
    '/healthz/',
    '/V1/biomarkers/public',
  ])('for a near miss of an API path: %s is a 404', async (url) => {
    const reply = await site.request({ url, headers: { accept: 'application/json' } });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['location']).toBeUndefined();
    expect(reply.json()).toMatchObject({ code: 'not_found' });
  });

  it.each(['/biomarkers/NoSuchMarker', '/biomarkers/nosuchmarker/', '/nowhere/', '/Developers'])(
    'for a path that names no page: %s is a 404',
    async (url) => {
      const reply = await site.request(url);
      expect(reply.statusCode).toBe(404);
      expect(reply.headers['location']).toBeUndefined();
      expect(reply.headers['ratelimit-remaining']).toBe('59');
    },
  );

  it('for the home page, which is `/` already', async () => {
    const reply = await site.request({ url: '/', headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
  });
});
