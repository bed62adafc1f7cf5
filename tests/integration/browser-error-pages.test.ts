import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { expectPolicyCoversInlineCode, pageHeadingOf } from '../helpers/inline-csp.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let addressCounter = 0;
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => fetchAs(`198.51.100.${++addressCounter}`);

/** What Chromium sends when it navigates to a page. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.stop();
});

/** Uses up a client's quota on a cheap path. */
async function exhaust(get: ReturnType<typeof fetchAs>): Promise<void> {
  for (let i = 0; i < CATALOG_POLICY.limit; i += 1) await (await get(`${server.url}/robots.txt`)).arrayBuffer();
}

describe('the 404 for browsers (RFC 9110 §15.5.5)', () => {
  it.each([
    ['/no-such', 'en', 'Page not found', 'Developer guide', 'href="/developers"'],
    ['/de/no-such', 'de', 'Seite nicht gefunden', 'Entwicklerhandbuch', 'href="/de/developers"'],
  ])('serves %s as the styled page in its language (%s)', async (path, lang, title, guide, guideLink) => {
    const response = await client()(`${server.url}${path}`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('ratelimit-remaining')).toBe(String(CATALOG_POLICY.limit - 1));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/_astro\/[^"]+\.css">/);
    // Starlight's header and sidebar, the guide's footer.
    expect(html).toContain('<header class="header');
    expect(html).toContain('<nav class="sidebar');
    expect(html).toContain('class="site-footer"');
    expect(pageHeadingOf(html)).toBe(title);
    expect(html).toContain(`<code class="error-path">${path}</code>`);
    expect(html).toContain(guide);
    expect(html).toContain(guideLink);
    expect(html).toContain('href="/sitemap.xml"');
    expect(html).not.toContain('%%');
    expect(html).not.toContain('prepared-base-url.invalid');
    // Starlight's inline theme script and style attributes, each allowed by hash only.
    expectPolicyCoversInlineCode(html, response.headers.get('content-security-policy')!);
  });

  it('never serves the templates themselves: their render path is an unknown path', async () => {
    const response = await client()(`${server.url}/prepared-errors/not-found`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<code class="error-path">/prepared-errors/not-found</code>');
  });

  it('shows the path as text: markup in it is escaped', async () => {
    const response = await rawRequest(
      server.url,
      `GET /<script>alert(1)</script>"' HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(404);
    // The path the 404 names is the one routing used: WHATWG URL re-encoded `<`, `>` and `"`.
    expect(response.body).toContain('<code class="error-path">/%3Cscript%3Ealert(1)%3C/script%3E%22&#39;</code>');
    expect(response.body).not.toContain('<script>alert(1)');
  });

  it('keeps the Problem for JSON clients and a short Markdown 404 linking the sitemap and llms.txt for everyone else', async () => {
    const get = client();
    for (const accept of ['application/json', 'application/problem+json']) {
      const json = await get(`${server.url}/de/no-such`, { headers: { Accept: accept } });
      expect(json.status).toBe(404);
      expect(json.headers.get('content-type')).toBe('application/problem+json');
      expect(await json.json()).toMatchObject({ code: 'not_found', instance: '/de/no-such' });
    }
    for (const headers of [{}, { Accept: '*/*' }, { Accept: 'text/markdown' }] as Array<Record<string, string>>) {
      const markdown = await get(`${server.url}/de/no-such`, { headers });
      expect(markdown.status).toBe(404);
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      // Short, and linking what a reader or an agent can fetch instead.
      const body = await markdown.text();
      expect(body).toMatch(/^# Not found/);
      expect(body).toContain(`${server.url}/sitemap.xml`);
      expect(body).toContain(`${server.url}/llms.txt`);
      expect(body.length).toBeLessThan(1000);
    }
  });
});

describe('the 429 for browsers (RFC 6585 §4)', () => {
  it.each([
    [
      '/developers',
      'en',
      'Too many requests',
      `more than ${CATALOG_POLICY.limit} requests per minute`,
      /Please try again in <strong>(\d+)<\/strong> seconds?\./,
    ],
    [
      '/de/no-such',
      'de',
      'Zu viele Anfragen',
      `mehr als ${CATALOG_POLICY.limit} Anfragen pro Minute`,
      /Bitte versuchen Sie es in <strong>(\d+)<\/strong> Sekunden? erneut\./,
    ],
  ])(
    'gives the first request past the quota for %s the styled page in its language (%s), saying the quota',
    async (path, lang, title, quota, retry) => {
      const get = client();
      await exhaust(get);
      const response = await get(`${server.url}${path}`, { headers: { Accept: BROWSER_ACCEPT } });
      expect(response.status).toBe(429);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const retryAfter = response.headers.get('retry-after');
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(response.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
      expect(response.headers.get('ratelimit')).toBe(`"catalog";r=0;t=${retryAfter}`);
      expect(response.headers.get('ratelimit-remaining')).toBe('0');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('vary')).toBe('Accept');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(pageHeadingOf(html)).toBe(title);
      expect(html).toContain(quota);
      expect(html).toMatch(/<link rel="stylesheet" href="\/_astro\/[^"]+\.css">/);
      expect(retry.exec(html)?.[1]).toBe(retryAfter);
      expect(html).toContain(`<a href="${path}">`);
      expect(html).not.toContain('%%');
    },
  );

  it('shows the path as text: markup in it is escaped', async () => {
    const address = `198.51.100.${++addressCounter}`;
    await exhaust(fetchAs(address));
    const response = await rawRequest(
      server.url,
      `GET /<script>"' HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nX-Forwarded-For: ${address}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(429);
    expect(response.body).toContain('<a href="/&lt;script&gt;&quot;&#39;">');
    expect(response.body).not.toContain('/<script>');
  });

  it('keeps the Problem for API, JSON, Markdown and wildcard clients, and on the API paths', async () => {
    const get = client();
    await exhaust(get);
    const cases: Array<[string, Record<string, string>]> = [
      ['/developers', {}],
      ['/developers', { Accept: '*/*' }],
      ['/developers', { Accept: 'application/json' }],
      ['/developers', { Accept: 'application/problem+json' }],
      ['/developers', { Accept: 'text/markdown' }],
      ['/v1/biomarkers/public', { Accept: BROWSER_ACCEPT }],
      ['/.well-known/oauth-authorization-server', { Accept: BROWSER_ACCEPT }],
    ];
    for (const [path, headers] of cases) {
      const response = await get(`${server.url}${path}`, { headers });
      expect(response.status).toBe(429);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('retry-after')).not.toBeNull();
      expect(await response.json()).toMatchObject({ code: 'rate_limited', status: 429, instance: path });
    }
  });
});
