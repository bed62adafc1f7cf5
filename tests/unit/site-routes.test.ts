import { describe, expect, it } from 'vitest';
import { GUIDE_PAGES } from '../../src/lib/content/page-registry.ts';
import { serverDocuments } from '../../src/server/server-documents.ts';
import { RENDERED_RESOURCES } from '../../src/server/rendered-resources.ts';
import { SiteRoutes } from '../../src/server/site-routes.ts';

const routes = new SiteRoutes(
  serverDocuments({ baseUrl: 'https://api.example', deployEnv: 'test', catalogOriginPublicUrl: undefined }),
);

describe('SiteRoutes', () => {
  it.each([
    ['/v1/biomarkers/public', 'catalog', ['GET', 'HEAD']],
    ['/oauth/token', 'token', ['POST']],
    ['/healthz', 'health', ['GET', 'HEAD']],
    ['/openapi.json', 'document', ['GET', 'HEAD']],
    ['/api/openapi.yaml', 'document', ['GET', 'HEAD']],
    ['/robots.txt', 'document', ['GET', 'HEAD']],
    ['/.well-known/oauth-authorization-server', 'document', ['GET', 'HEAD']],
    ['/.well-known/oauth-protected-resource', 'document', ['GET', 'HEAD']],
    ['/llms.txt', 'rendered', ['GET', 'HEAD']],
    ['/llms-full.txt', 'rendered', ['GET', 'HEAD']],
    ['/sitemap.xml', 'rendered', ['GET', 'HEAD']],
  ])('routes %s to the %s answer, serving %j', (path, kind, methods) => {
    expect(routes.resolve(path)).toMatchObject({ kind, methods });
  });

  it('routes every page of the registry, in every locale, as a page and as its .md twin', () => {
    for (const slug of GUIDE_PAGES.map((page) => page.slug)) {
      const path = slug === '' ? '/' : `/${slug}`;
      expect(routes.resolve(path)).toMatchObject({ kind: 'page', format: 'page' });
      expect(routes.resolve(`/de${slug === '' ? '' : path}`)).toMatchObject({ kind: 'page', page: { locale: 'de' } });
      expect(routes.resolve(`/${slug === '' ? 'index' : slug}.md`)).toMatchObject({ kind: 'page', format: 'markdown' });
    }
  });

  it.each(['/nope', '/developers/', '/en/developers', '/Developers', '/v1/biomarkers/public/'])(
    'knows no route for %s (404)',
    (path) => expect(routes.resolve(path)).toBeUndefined(),
  );

  it('leaves every resource without data to the build, and renders the data-driven ones per version', () => {
    const data = RENDERED_RESOURCES.filter((resource) => resource.sources.length > 0).map((r) => r.renderPath);
    expect(data).toEqual(
      expect.arrayContaining(['/biomarkers', '/de/biomarkers.md', '/developers/api', '/llms-full.txt']),
    );
    expect(data).not.toContain('/developers');
  });
});
