import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let addressCounter = 0;
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => fetchAs(`198.51.100.${++addressCounter}`);
let stylesheet: string;

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: '1' });
  const html = await (await fetchAs('192.0.2.99')(`${server.url}/developers`)).text();
  stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(html)![1]!;
});
afterAll(async () => {
  await server.stop();
});

const ICON = '/images/categories/lipids.svg';

describe('static assets and the quota (a page view is one request)', () => {
  it('charges no quota for styles, icons and the favicon, and reports the quota as it stands', async () => {
    const get = client();
    expect((await get(`${server.url}/developers`)).headers.get('ratelimit-remaining')).toBe(
      String(CATALOG_POLICY.limit - 1),
    );
    for (let i = 0; i < 70; i += 1) {
      const path = [stylesheet, ICON, '/favicon.svg'][i % 3]!;
      const response = await get(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
      expect(response.headers.get('ratelimit-remaining')).toBe(String(CATALOG_POLICY.limit - 1));
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await get(`${server.url}/auth`)).headers.get('ratelimit-remaining')).toBe('58');
  });

  it('still serves assets to a client whose quota is used up, without Retry-After', async () => {
    const get = client();
    for (let i = 0; i < CATALOG_POLICY.limit; i += 1) await (await get(`${server.url}/robots.txt`)).arrayBuffer();
    expect((await get(`${server.url}/developers`)).status).toBe(429);
    for (const path of [stylesheet, ICON, '/favicon.svg']) {
      const response = await get(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-remaining')).toBe('0');
      expect(response.headers.get('retry-after')).toBeNull();
    }
  });

  it('counts requests for files that do not exist, other methods on files, and documents', async () => {
    const get = client();
    expect((await get(`${server.url}/_astro/no-such-file.css`)).status).toBe(404);
    expect((await get(`${server.url}/images/categories/nope.svg`)).headers.get('ratelimit-remaining')).toBe('58');
    expect((await get(`${server.url}/robots.txt`)).headers.get('ratelimit-remaining')).toBe('57');
    const post = await get(`${server.url}/favicon.svg`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('ratelimit-remaining')).toBe('56');
    const head = await get(`${server.url}/favicon.svg`, { method: 'HEAD' });
    expect(head.headers.get('ratelimit-remaining')).toBe('56');
  });

  it('marks hashed bundles immutable and lets the others be revalidated with their ETag', async () => {
    const get = client();
    const css = await get(`${server.url}${stylesheet}`);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of [ICON, '/favicon.svg']) {
      const first = await get(`${server.url}${path}`);
      expect(first.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
    }
  });
});
