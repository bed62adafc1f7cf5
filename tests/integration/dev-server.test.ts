// `npm run dev` and `npm start` are one serving stack: the same request gets the same answer. And a site with a third
// language (SITE_LOCALES_DIR) serves it: the list and the translation files are all a language needs.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeThirdLocaleSite } from '../fixtures/third-locale/site-folder.ts';
import { extractSamples } from '../helpers/guide-samples.ts';
import { freePort, startDeadlineMs, startServer, type RunningServer } from '../helpers/start-server.ts';
import { startAll } from '../helpers/processes.ts';

/** The public URL every server here names, and a socket timeout of a minute (see below). */
const ENV = { BASE_URL: 'http://localhost:4321', SOCKET_TIMEOUT_MS: '60000' };

/** Headers that differ between any two responses of one server: time, request id, quota left. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'ratelimit', 'ratelimit-remaining', 'ratelimit-reset', 'age']);

/**
 * Status, headers (per-response ones aside) and body of one answer, uncompressed: the
 * production build compresses what it prepared at a lower Brotli quality than a fresh render.
 * A catalog's `max-age` and its stale windows count down from when each server fetched it.
 */
async function answer(server: RunningServer, path: string, init: RequestInit = {}) {
  const headers = { 'Accept-Encoding': 'identity', ...(init.headers as Record<string, string>) };
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  const kept = [...response.headers]
    .filter(([name]) => !PER_RESPONSE.has(name))
    .map(([name, value]): [string, string] =>
      name === 'cache-control'
        ? [name, value.replace(/(max-age|stale-while-revalidate|stale-if-error)=\d+/g, '$1=…')]
        : [name, value],
    );
  return { status: response.status, headers: kept, body: Buffer.from(await response.arrayBuffer()) };
}

const TOKEN = {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
};

describe('npm run dev with a third language from SITE_LOCALES_DIR (tests/fixtures/third-locale)', () => {
  /** `npm run dev` of the site with the fixture's third language, French. */
  let french: RunningServer;
  const folder = writeThirdLocaleSite();

  // Before the shipped site's development server, not beside it: a development server keeps its content collections
  // in the project's `.astro/`, so two at once would read each other's, and the shipped one's start leaves them as the
  // shipped site has them.
  beforeAll(
    async () => {
      const env = { ...ENV, CATALOG_ORIGIN_PORT: String(await freePort()), SITE_LOCALES_DIR: folder };
      french = await startServer(env, 'src/server/dev.ts');
    },
    startDeadlineMs('src/server/dev.ts') + 10_000,
  );
  afterAll(async () => {
    await french?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The page's `<html>` tag, `<title>` and the language switcher's options (label and link). */
  async function page(path: string) {
    const response = await fetch(`${french.url}${path}`);
    const html = await response.text();
    const options = [...html.matchAll(/<option value="(\/[^"]*)"[^>]*>([^<]+)/g)].map(([, link, label]) => [
      label,
      link,
    ]);
    return {
      status: response.status,
      html: /<html[^>]*>/.exec(html)?.[0],
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      languages: Object.fromEntries(options),
    };
  }

  it('serves the French home page in French, with every language in its switcher', async () => {
    expect(await page('/fr')).toEqual({
      status: 200,
      html: expect.stringContaining('lang="fr"'),
      title: 'Site de test — Accueil',
      languages: { English: '/', Deutsch: '/de', Français: '/fr' },
    });
  });

  it("answers the French page's Markdown twin", async () => {
    const response = await fetch(`${french.url}/fr.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await response.text()).toMatch(/^# Accueil\n\nLa page d’accueil du site de test\.\n/);
  });
});

describe('npm run dev answers as npm start does', () => {
  let dev: RunningServer;
  let production: RunningServer;

  beforeAll(
    async () => {
      // One public URL for both, so every body that names it can be compared byte for byte. The development server
      // renders llms-full.txt (every page) on request: on a loaded machine a socket may sit idle past the 10 s default
      // while it does, so both servers get a minute, which is not what this file compares.
      // The dev server compiles the site with Vite first (its start deadline: start-server.ts). Whichever start fails,
      // the other server is stopped before the error is reported.
      [dev, production] = await startAll(
        startServer({ ...ENV, CATALOG_ORIGIN_PORT: String(await freePort()) }, 'src/server/dev.ts'),
        startServer({ ...ENV, CATALOG_ORIGIN_PORT: String(await freePort()) }, 'dist/node/main.mjs'),
      );
    },
    startDeadlineMs('src/server/dev.ts') + 30_000,
  );
  afterAll(async () => {
    await Promise.all([dev?.stop(), production?.stop()]);
  });

  it.each<[string, string, RequestInit?]>([
    ['the catalog', '/v1/biomarkers/public?template=public-light-uk'],
    ['a conditional catalog request', '/v1/biomarkers/public', { headers: { 'If-None-Match': '"nope", *' } }],
    ['a bad template', '/v1/biomarkers/public?template=nope'],
    ['a refused token request', '/oauth/token', { ...TOKEN, body: 'grant_type=password' }],
    ['the authorization server metadata', '/.well-known/oauth-authorization-server'],
    ['the protected resource metadata', '/.well-known/oauth-protected-resource'],
    ['the OpenAPI document', '/openapi.json'],
    ['the OpenAPI document in YAML', '/api/openapi.yaml'],
    ['robots.txt', '/robots.txt'],
    ['llms.txt', '/llms.txt'],
    ['the sitemap', '/sitemap.xml'],
    ['the changelog feed', '/changelog.xml'],
    ['a German changelog feed of one kind', '/de/changelog/catalog.xml'],
    [
      'a changelog feed revalidated by date',
      '/changelog/api.xml',
      { headers: { 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' } },
    ],
    ['a Markdown twin', '/de/auth.md'],
    // Data-driven: Astro renders them with the catalog service the site hands it, in development as in production.
    ["the biomarker list's Markdown twin", '/de/biomarkers.md'],
    ["a marker page's Markdown twin", '/biomarkers/egfr.md'],
    ['llms-full.txt', '/llms-full.txt'],
    ['a 404', '/no/such/page', { headers: { Accept: 'application/json' } }],
    ['a 405', '/v1/biomarkers/public', { method: 'DELETE' }],
    [
      'a preflight',
      '/oauth/token',
      { method: 'OPTIONS', headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'POST' } },
    ],
  ])('%s: the same status, headers and bytes', async (_, path, init) => {
    const [got, expected] = await Promise.all([answer(dev, path, init), answer(production, path, init)]);
    expect(got.status).toBe(expected.status);
    expect(got.headers).toEqual(expected.headers);
    expect(got.body.equals(expected.body)).toBe(true);
  });

  it('a token and the health probe: the same status and headers (their bodies are made per request)', async () => {
    for (const [path, init] of [
      ['/oauth/token', { ...TOKEN, body: 'grant_type=client_credentials' }],
      ['/healthz', {}],
    ] as const) {
      const [got, expected] = await Promise.all([answer(dev, path, init), answer(production, path, init)]);
      expect(got.status).toBe(200);
      expect(got.headers.filter(([name]) => name !== 'content-length')).toEqual(
        expected.headers.filter(([name]) => name !== 'content-length'),
      );
    }
  });

  it('a page: HTML with the same caching, negotiation and links, and a development policy for styles', async () => {
    const [got, expected] = await Promise.all([answer(dev, '/developers'), answer(production, '/developers')]);
    expect(got.status).toBe(200);
    const pick = (headers: [string, string][]) =>
      headers.filter(([name]) => ['content-type', 'vary', 'link', 'cache-control'].includes(name));
    expect(pick(got.headers)).toEqual(pick(expected.headers));
    const policy = new Map(got.headers).get('content-security-policy');
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
  });

  it("a marker page: the site's catalog in both, and its sample highlighted with this marker's values", async () => {
    const [got, expected] = await Promise.all([
      answer(dev, '/de/biomarkers/egfr'),
      answer(production, '/de/biomarkers/egfr'),
    ]);
    expect([got.status, expected.status]).toEqual([200, 200]);
    // Highlighted by the page itself in development, from the build's prepared fragment in production: the same code.
    const curls = [got, expected].map(
      (each) => extractSamples(each.body.toString()).find((sample) => sample.language === 'curl')?.code,
    );
    expect(curls[0]).toContain('select(.uuid == "');
    expect(curls[0]).toBe(curls[1]);
  });

  it("hands the editor's module requests to Vite without counting them", async () => {
    const remaining = async () => Number((await fetch(`${dev.url}/robots.txt`)).headers.get('ratelimit-remaining'));
    const before = await remaining();
    for (const path of ['/@vite/client', '/@vite/client', '/@vite/client']) {
      const response = await fetch(`${dev.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBeNull();
      expect(await response.text()).toContain('vite');
    }
    expect(await remaining()).toBe(before - 1);
  });
});
