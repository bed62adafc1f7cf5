import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { rawRequest, type RawResponse } from '../helpers/raw-http.ts';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * Near misses of a page's one URL: a trailing slash, a marker key in capitals, or dot segments, get a 301 to the
 * canonical URL with the query kept, counted against the quota like the page itself. API paths stay exact: a near
 * miss of one is a 404.
 */
let site: TestSite;
let listening: Awaited<ReturnType<TestSite['listen']>>;

beforeAll(async () => {
  site = await createTestSite();
  listening = await site.listen();
}, 30_000);
afterAll(() => listening.close());

let peers = 0;
/**
 * A GET over a socket, from a loopback address of its own (so with a quota of its own): the target as sent, where an
 * injected request would have its dot segments resolved before the server sees it.
 */
const sent = (target: string, accept = 'text/html'): Promise<RawResponse> =>
  rawRequest(
    listening.url,
    `GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
    5_000,
    `127.0.${(peers += 1)}.1`,
  );

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
    expect(reply.headers['ratelimit-policy']).toBe(RATE_LIMIT_POLICY);
    expect(reply.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
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

/** Targets with dot segments (RFC 3986 §5.2.4), plain or percent-encoded, alone or with a near miss. */
const DOT_SEGMENTS: Array<{ from: string; to: string }> = [
  { from: '/x/../developers', to: '/developers' },
  { from: '/%2e/developers', to: '/developers' },
  { from: '/developers/./', to: '/developers' },
  { from: '/de/docs/./mcp', to: '/de/docs/mcp' },
  { from: '/biomarkers/%2E%2E/biomarkers/HbA1c.md', to: '/biomarkers/hba1c.md' },
  { from: '/x/%2e%2e/de/biomarkers/egfr', to: '/de/biomarkers/egfr' },
  { from: '/./robots.txt', to: '/robots.txt' },
  { from: '/x/..', to: '/' },
];

describe.each(DOT_SEGMENTS)('$from, as sent', ({ from, to }) => {
  it('is a 301 to the one URL, which answers 200, never a 200 of its own', async () => {
    const reply = await sent(from);
    expect(reply.status).toBe(301);
    expect(reply.headers['location']).toBe(to);
    expect(reply.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
    expect((await sent(to)).status).toBe(200);
  });

  it('keeps the query', async () => {
    const reply = await sent(`${from}?q=sugar&lang=de`);
    expect(reply.status).toBe(301);
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
    expect(remaining).toEqual([1, 2, 3, 4].map((used) => String(CATALOG_POLICY.limit - used)));
  });

  it('refuses a redirect with 429 once the quota is used up', async () => {
    const remoteAddress = '10.79.1.1';
    for (let i = 0; i < CATALOG_POLICY.limit; i += 1) await site.request({ url: '/de/', remoteAddress });
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
      expect(reply.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
    },
  );

  it.each([
    '/v1/./biomarkers/public',
    '/x/../v1/biomarkers/public?template=public-light-eu',
    '/%2e/openapi.json',
    '/oauth/../oauth/token',
    '/./healthz',
  ])('for an API path with dot segments: %s is a 404, as a near miss of one', async (target) => {
    const reply = await sent(target, 'application/json');
    expect(reply.status).toBe(404);
    expect(reply.headers['location']).toBeUndefined();
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'not_found' });
  });

  it.each(['/biomarkers/./nosuchmarker', '/x/../nowhere', '/x/../Developers'])(
    'for dot segments that name no page: %s is a 404',
    async (target) => {
      const reply = await sent(target);
      expect(reply.status).toBe(404);
      expect(reply.headers['location']).toBeUndefined();
    },
  );

  it.each(['/.//evil.example/developers', '/x/..//evil.example', '/%2e%2e//evil.example', '/x/..\\/evil.example'])(
    'for %s, which resolves to a reference to another host: a 400 Problem that never names it',
    async (target) => {
      const reply = await sent(target, 'application/json');
      expect(reply.status).toBe(400);
      expect(reply.headers['content-type']).toBe('application/problem+json');
      expect(reply.headers['location']).toBeUndefined();
      expect(reply.body).not.toContain('evil');
    },
  );

  it('for the home page, which is `/` already', async () => {
    const reply = await site.request({ url: '/', headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
  });
});
