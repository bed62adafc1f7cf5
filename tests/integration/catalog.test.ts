import { get, type IncomingHttpHeaders } from 'node:http';
import { RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BiomarkerCatalogSchema, CATALOG_TEMPLATES } from '../../src/lib/schemas/catalog.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, testClock, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
/** The clock of the limiter and the catalog cache: a test ages the cached panels without waiting. */
const clock = testClock();
let n = 0;
const client = () => fetchAs(`198.51.100.${++n}`);
const catalogUrl = (query = '') => `${server.url}/v1/biomarkers/public${query}`;

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: '1' }, { originListens: true, now: clock.now });
});
afterAll(async () => {
  await server.stop();
});

describe('GET /v1/biomarkers/public (site, bundled origin)', () => {
  it.each(CATALOG_TEMPLATES)('serves %s as a valid BiomarkerCatalog', async (template) => {
    const res = await client()(catalogUrl(`?template=${template}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(BiomarkerCatalogSchema.safeParse(body).success).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(template.includes('light') ? 25 : 70);
    expect(body.data[0].category.imageUrl).toMatch(new RegExp(`^${server.url}/images/categories/[a-z-]+\\.svg$`));
  });

  it('serves public-complete-eu when no template is given, and ignores other parameters', async () => {
    const get = client();
    const byDefault = await (await get(catalogUrl())).json();
    const named = await (await get(catalogUrl('?lang=de&template=public-complete-eu&page=2'))).json();
    expect(byDefault).toEqual(named);
    expect(byDefault.data.length).toBeGreaterThanOrEqual(80);
  });

  it.each([
    ['an unknown template', '?template=public-complete-us'],
    ['an empty template', '?template='],
    ['a repeated template', '?template=public-light-eu&template=public-light-eu'],
    ['a badly percent-encoded query', '?template=public-light-eu%'],
  ])('refuses %s with 400 bad_request listing the allowed values', async (_name, query) => {
    const res = await client()(catalogUrl(query));
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem).toMatchObject({ code: 'bad_request', status: 400, instance: '/v1/biomarkers/public' });
    for (const template of CATALOG_TEMPLATES) expect(problem.detail).toContain(template);
  });

  it('replays later hits from memory without Age, their max-age counting down in whole seconds', async () => {
    const get = client();
    const br = { headers: { 'Accept-Encoding': 'br' } };
    const maxAge = (res: Response) => /^public, max-age=(\d+),/.exec(res.headers.get('cache-control') ?? '')?.[1];
    const first = await get(catalogUrl('?template=public-v2-light-uk'), br);
    const page = await get(`${server.url}/biomarkers`);
    clock.advance(20_500);
    const second = await get(catalogUrl('?template=public-v2-light-uk'), br);
    const pageAgain = await get(`${server.url}/biomarkers`);
    // An origin sends no Age (RFC 9111 §5.1): with one, every downstream copy was stale on arrival.
    for (const res of [first, second, page, pageAgain]) expect(res.headers.get('age')).toBeNull();
    expect(Number(maxAge(second))).toBeLessThanOrEqual(Number(maxAge(first)) - 20);
    // The page is drawn from the catalog: answered with its freshness, stale windows included.
    expect(pageAgain.headers.get('cache-control')).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it('sends gzip and br that decode to the same catalog, with Vary and Cache-Control', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers = { 'Accept-Encoding': encoding, 'X-Forwarded-For': `192.0.2.${++n}` };
        get(catalogUrl('?template=public-v2-complete-uk'), { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const [identity, gzip, br] = await Promise.all([raw('identity'), raw('gzip'), raw('br')]);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    for (const variant of [identity, gzip, br]) {
      expect(variant.headers['vary']).toBe('Accept-Encoding');
      expect(variant.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+/);
      expect(Number(variant.headers['content-length'])).toBe(variant.bytes.length);
    }
    expect(gzip.bytes.length).toBeLessThan(identity.bytes.length / 4);
    const catalog = JSON.parse(identity.bytes.toString());
    expect(JSON.parse(gunzipSync(gzip.bytes).toString())).toEqual(catalog);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(catalog);
  });

  it('answers HEAD with the same status and headers and no body', async () => {
    const get = client();
    const full = await get(catalogUrl('?template=public-light-eu'), { headers: { 'Accept-Encoding': 'identity' } });
    const head = await get(catalogUrl('?template=public-light-eu'), {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('changes nothing for an Authorization header, valid-looking or junk', async () => {
    const get = client();
    const anonymous = await get(catalogUrl('?template=public-light-eu'));
    for (const authorization of ['Bearer abc.def', 'Bearer', 'Basic Zm9vOmJhcg==', 'junk']) {
      const res = await get(catalogUrl('?template=public-light-eu'), { headers: { Authorization: authorization } });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    }
  });

  it('serves every category icon that the catalog links to', async () => {
    const get = client();
    const body = await (await get(catalogUrl())).json();
    const icons = new Set<string>(body.data.map((item: { category: { imageUrl: string } }) => item.category.imageUrl));
    for (const icon of icons) {
      const res = await get(icon);
      expect(res.status, icon).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
    }
  });
});

describe('the bundled catalog origin', () => {
  it('serves the catalog on its own port, public-complete-eu by default, with rate-limit headers', async () => {
    const res = await fetch(`${server.originUrl}/v1/biomarkers/public`);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
    const viaSite = await (await client()(catalogUrl())).json();
    expect(await res.json()).toEqual(viaSite);
  });

  it('refuses a bad template with a 400 Problem and other paths with 404', async () => {
    const bad = await fetch(`${server.originUrl}/v1/biomarkers/public?template=x`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('application/problem+json');
    for (const path of ['/', '/openapi.json', '/v1/biomarkers', '/v1/biomarkers/public/x']) {
      const res = await fetch(server.originUrl + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    }
    const post = await fetch(`${server.originUrl}/v1/biomarkers/public`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
