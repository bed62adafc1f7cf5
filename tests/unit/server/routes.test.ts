import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { GUIDE_PAGES } from '../../../src/lib/content/page-registry.ts';
import { buildOpenApiDocument } from '../../../src/lib/openapi/build-openapi-document.ts';
import {
  allowHeader,
  API_ROUTE_OPERATIONS,
  PATH_ROUTES,
  RENDERED_RESOURCES,
  ROUTE_LABELS,
  SiteRoutes,
} from '../../../src/server/routes.ts';
import type { StaticAsset } from '../../../src/server/handlers/static-assets.ts';
import { quotaUse } from '../../../src/server/pipeline.ts';

const asset = { file: '/dev/null', contentType: 'text/css', compressibleType: true } satisfies StaticAsset;
/** Files of the build a page loads: styles, scripts, icons, fonts, the search index. */
const SUBRESOURCES = [
  '/_astro/site.D83w_JXW.css',
  '/_astro/client.B1x.js',
  '/images/categories/lipids.svg',
  '/favicon.svg',
  '/fonts/inter.woff2',
  '/pagefind/pagefind-entry.json',
  '/pagefind/fragment/en_1a2b.pf_fragment',
];
const assets = new Map([...SUBRESOURCES, '/notes.txt'].map((path) => [path, asset]));
const routes = new SiteRoutes(
  { baseUrl: 'https://api.example', deployEnv: 'test', catalogOriginPublicUrl: undefined },
  assets,
);

/** A request as the route table sees it: a method and headers. */
const request = (method: string, headers: Record<string, string> = {}) =>
  ({ method, headers }) as unknown as IncomingMessage;

describe('the route table', () => {
  it.each([
    ['/v1/biomarkers/public', ['GET', 'HEAD'], 'catalog'],
    ['/oauth/token', ['POST'], 'token'],
    ['/healthz', ['GET', 'HEAD'], 'health'],
    ['/openapi.json', ['GET', 'HEAD'], 'openapi'],
    ['/api/openapi.yaml', ['GET', 'HEAD'], 'openapi'],
    ['/robots.txt', ['GET', 'HEAD'], 'discovery'],
    ['/.well-known/oauth-authorization-server', ['GET', 'HEAD'], 'discovery'],
    ['/.well-known/oauth-protected-resource', ['GET', 'HEAD'], 'discovery'],
    ['/llms.txt', ['GET', 'HEAD'], 'discovery'],
    ['/llms-full.txt', ['GET', 'HEAD'], 'discovery'],
    ['/sitemap.xml', ['GET', 'HEAD'], 'discovery'],
    ['/changelog.xml', ['GET', 'HEAD'], 'discovery'],
    ['/changelog/catalog.xml', ['GET', 'HEAD'], 'discovery'],
    ['/de/changelog.xml', ['GET', 'HEAD'], 'discovery'],
    ['/de/changelog/api.xml', ['GET', 'HEAD'], 'discovery'],
    ['/developers', ['GET', 'HEAD'], 'page'],
    ['/de/docs/mcp', ['GET', 'HEAD'], 'page'],
    ['/developers.md', ['GET', 'HEAD'], 'markdown'],
    ['/de/index.md', ['GET', 'HEAD'], 'markdown'],
    ['/_astro/site.D83w_JXW.css', ['GET', 'HEAD'], 'static'],
    ['/favicon.svg', ['GET', 'HEAD'], 'static'],
  ])('routes %s to an answer of its own, serving %j, labelled %s', (path, methods, label) => {
    const route = routes.resolve(path);
    expect(route).toMatchObject({ methods, label });
    expect(route?.answer).toBeTypeOf('function');
    expect(ROUTE_LABELS).toContain(label);
  });

  it("carries its operation on every API row, which the OpenAPI document lists as its paths, in the table's order", () => {
    const apiPaths = [...PATH_ROUTES].filter(([, route]) => route.api).map(([path]) => path);
    for (const path of apiPaths) expect(routes.resolve(path)?.operation?.path, path).toBe(path);
    const document = buildOpenApiDocument(
      { baseUrl: 'https://api.example', catalogOriginPublicUrl: undefined },
      API_ROUTE_OPERATIONS,
    );
    expect(Object.keys(document.paths)).toEqual(apiPaths);
    expect(routes.resolve('/robots.txt')?.operation).toBeUndefined();
  });

  it('routes every page of the registry, in every locale, as a page and as its .md twin', () => {
    for (const slug of GUIDE_PAGES.map((page) => page.slug)) {
      const path = slug === '' ? '/' : `/${slug}`;
      expect(routes.resolve(path)).toMatchObject({ format: 'page' });
      expect(routes.resolve(`/de${slug === '' ? '' : path}`)).toMatchObject({ page: { locale: 'de' } });
      expect(routes.resolve(`/${slug === '' ? 'index' : slug}.md`)).toMatchObject({ format: 'markdown' });
    }
  });

  it.each(['/nope', '/developers/', '/en/developers', '/Developers', '/v1/biomarkers/public/', '/_astro/missing.css'])(
    'knows no route for %s (404)',
    (path) => expect(routes.resolve(path)).toBeUndefined(),
  );

  it('derives Allow from the methods, OPTIONS included; any other path allows what a page does', () => {
    expect(allowHeader('/oauth/token')).toBe('POST, OPTIONS');
    expect(allowHeader('/v1/biomarkers/public')).toBe('GET, HEAD, OPTIONS');
    expect(allowHeader('/wp-admin')).toBe('GET, HEAD, OPTIONS');
  });

  it('marks exactly the API paths, whose errors are always Problems', () => {
    const api = ['/v1/biomarkers/public', '/oauth/token', '/healthz', '/openapi.json', '/llms.txt', '/developers'];
    expect(api.map((path) => routes.resolve(path)?.api)).toEqual([true, true, true, true, false, false]);
  });

  it('gives fixed documents their Cache-Control, hashed bundles a year and other files a revalidated day', () => {
    expect(routes.resolve('/.well-known/oauth-authorization-server')?.cacheControl).toBe('public, max-age=3600');
    expect(routes.resolve('/openapi.json')?.cacheControl).toBe('public, max-age=300');
    expect(routes.resolve('/oauth/token')?.cacheControl).toBe('no-store');
    expect(routes.resolve('/v1/biomarkers/public')?.cacheControl).toBeUndefined();
    // Documents drawn from the catalog follow its freshness, as its pages do; the changelog's feeds are fixed.
    for (const path of ['/llms.txt', '/llms-full.txt', '/sitemap.xml'])
      expect(routes.resolve(path)?.cacheControl).toBeUndefined();
    for (const path of ['/changelog.xml', '/changelog/api.xml', '/de/changelog.xml', '/de/changelog/docs.xml'])
      expect(routes.resolve(path)?.cacheControl, path).toBe('public, max-age=300');
    expect(routes.resolve('/_astro/site.D83w_JXW.css')?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(routes.resolve('/favicon.svg')?.cacheControl).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });

  it('leaves every resource without data to the build, and renders the data-driven ones per version', () => {
    const data = RENDERED_RESOURCES.filter((resource) => resource.sources.length > 0).map((r) => r.renderPath);
    expect(data).toEqual(expect.arrayContaining(['/biomarkers', '/de/biomarkers.md', '/llms-full.txt']));
    expect(data).not.toContain('/developers');
    // The API reference is built from the OpenAPI document, which depends on no data but BASE_URL.
    expect(data).not.toContain('/developers/api');
    expect(data).not.toContain('/de/developers/api/catalog');
  });
});

describe('what a request costs', () => {
  it.each([...SUBRESOURCES, '/healthz'])('a GET of %s costs no quota and is never refused', (path) => {
    expect(quotaUse(routes.resolve(path), request('GET'))).toBe('free');
    expect(quotaUse(routes.resolve(path), request('HEAD'))).toBe('free');
  });

  it.each(['/notes.txt', '/developers', '/v1/biomarkers/public', '/nope'])('a GET of %s costs one request', (path) => {
    expect(quotaUse(routes.resolve(path), request('GET'))).toBe('take');
  });

  it('counts a POST to the health probe, which is no probe', () => {
    expect(quotaUse(routes.resolve('/healthz'), request('POST'))).toBe('take');
  });
});
