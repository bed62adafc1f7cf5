import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareCatalogBody } from '../../src/lib/catalog/catalog-body.ts';
import { RefreshCache, type CacheState } from '../../src/lib/catalog/catalog-cache.ts';
import type { CatalogBody } from '../../src/lib/catalog/catalog-body.ts';
import type { CatalogService } from '../../src/lib/catalog/catalog-service.ts';
import { UpstreamError } from '../../src/lib/catalog/fetch-upstream-catalog.ts';
import { catalogCacheControl, serveCatalog } from '../../src/lib/catalog/serve-catalog.ts';
import type { CatalogTemplate } from '../../src/lib/schemas/catalog.ts';
import { smallCatalog } from '../helpers/catalog-fixture.ts';

const BASE = 'https://catalog.example';

function service(load: (template: CatalogTemplate) => Promise<ReturnType<typeof smallCatalog>>) {
  const asked: CatalogTemplate[] = [];
  const svc: CatalogService = {
    ttlS: 60,
    staleWhileRevalidateS: 60,
    staleIfErrorS: 600,
    cache: new RefreshCache({
      ttlMs: 60_000,
      staleWhileRevalidateMs: 60_000,
      staleIfErrorMs: 600_000,
      load: async (template) => {
        asked.push(template);
        return prepareCatalogBody(await load(template));
      },
    }),
  };
  return { svc, asked };
}

const get = (query: string, headers: Record<string, string> = {}) =>
  new Request(`${BASE}/v1/biomarkers/public${query}`, { headers });

describe('serveCatalog', () => {
  it('serves the default template as JSON with a strong ETag and cache headers', async () => {
    const { svc, asked } = service(async () => smallCatalog());
    const response = await serveCatalog(get(''), svc, BASE);
    expect(response.status).toBe(200);
    expect(asked).toEqual(['public-complete-eu']);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=60, stale-if-error=600',
    );
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.json()).toEqual(smallCatalog());
  });

  it('checks the template before any upstream call', async () => {
    const { svc, asked } = service(async () => smallCatalog());
    const response = await serveCatalog(get('?template=public-eu'), svc, BASE);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ code: 'bad_request', type: `${BASE}/developers#bad-request` });
    expect(asked).toEqual([]);
  });

  it.each([
    ['gzip', (b: Buffer) => gunzipSync(b)],
    ['br', (b: Buffer) => brotliDecompressSync(b)],
  ] as const)('compresses with %s when asked, with its own ETag', async (coding, decode) => {
    const { svc } = service(async () => smallCatalog(40));
    const plain = await serveCatalog(get('', { 'Accept-Encoding': 'identity' }), svc, BASE);
    const packed = await serveCatalog(get('', { 'Accept-Encoding': `${coding}` }), svc, BASE);
    expect(packed.headers.get('content-encoding')).toBe(coding);
    expect(packed.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(Number(packed.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(decode(bytes).toString())).toEqual(smallCatalog(40));
  });

  it('prefers br over gzip when both are equally acceptable, and honours q=0', async () => {
    const { svc } = service(async () => smallCatalog());
    expect(
      (await serveCatalog(get('', { 'Accept-Encoding': 'gzip, deflate, br' }), svc, BASE)).headers.get(
        'content-encoding',
      ),
    ).toBe('br');
    expect(
      (await serveCatalog(get('', { 'Accept-Encoding': 'br;q=0, gzip' }), svc, BASE)).headers.get('content-encoding'),
    ).toBe('gzip');
    expect(
      (await serveCatalog(get('', { 'Accept-Encoding': 'br;q=0.5, gzip' }), svc, BASE)).headers.get('content-encoding'),
    ).toBe('gzip');
  });

  it('answers a matching If-None-Match with 304 and the validators', async () => {
    const { svc } = service(async () => smallCatalog());
    const first = await serveCatalog(get('', { 'Accept-Encoding': 'gzip' }), svc, BASE);
    const etag = first.headers.get('etag')!;
    const again = await serveCatalog(
      get('', { 'Accept-Encoding': 'gzip', 'If-None-Match': `W/${etag}, "other"` }),
      svc,
      BASE,
    );
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(/max-age=/);
    expect(await again.text()).toBe('');
    const changed = await serveCatalog(get('', { 'If-None-Match': '"stale-tag"' }), svc, BASE);
    expect(changed.status).toBe(200);
  });

  it('ignores an Authorization header, valid or junk', async () => {
    const { svc } = service(async () => smallCatalog());
    const anonymous = await serveCatalog(get(''), svc, BASE);
    const bearer = await serveCatalog(get('', { Authorization: 'Bearer not-a-real-token' }), svc, BASE);
    const junk = await serveCatalog(get('', { Authorization: '\u0001junk'.replace('\u0001', '') + ' ???' }), svc, BASE);
    for (const response of [bearer, junk]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    }
  });

  it('turns an upstream failure with nothing cached into a 502 Problem naming the cause', async () => {
    const { svc } = service(async () => {
      throw new UpstreamError('timeout', 'The catalog origin did not answer within 5000 ms.');
    });
    const response = await serveCatalog(get('?template=public-light-eu'), svc, BASE);
    expect(response.status).toBe(502);
    const problem = await response.json();
    expect(problem).toMatchObject({ code: 'bad_gateway', status: 502, type: `${BASE}/developers#bad-gateway` });
    expect(problem.detail).toMatch(/5000 ms/);
  });
});

describe('catalogCacheControl', () => {
  const windows = (ttlS: number, staleWhileRevalidateS: number, staleIfErrorS: number) =>
    ({ ttlS, staleWhileRevalidateS, staleIfErrorS }) as CatalogService;
  let body: CatalogBody;
  beforeAll(async () => {
    body = await prepareCatalogBody(smallCatalog());
  });
  const lookup = (state: CacheState, ageMs: number) => ({ value: body, state, ageMs });

  it('gives what is left of the freshness, and 0 once past the TTL', () => {
    const svc = windows(60, 60, 600);
    expect(catalogCacheControl(svc, lookup('fetched', 0))).toBe(
      'public, max-age=60, stale-while-revalidate=60, stale-if-error=600',
    );
    expect(catalogCacheControl(svc, lookup('fresh', 20_500))).toMatch(/^public, max-age=39, /);
    expect(catalogCacheControl(svc, lookup('revalidating', 61_000))).toMatch(/^public, max-age=0, /);
    expect(catalogCacheControl(svc, lookup('stale', 300_000))).toMatch(/^public, max-age=0, /);
  });

  it('leaves out a window the server does not keep', () => {
    expect(catalogCacheControl(windows(60, 0, 600), lookup('fetched', 0))).toBe(
      'public, max-age=60, stale-if-error=600',
    );
    expect(catalogCacheControl(windows(0, 0, 0), lookup('fetched', 0))).toBe('public, max-age=0');
  });
});
