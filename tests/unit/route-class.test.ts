import { describe, expect, it } from 'vitest';
import { ROUTE_CLASSES, routeClass } from '../../src/lib/metrics/route-class.ts';

describe('routeClass', () => {
  it.each([
    ['/v1/biomarkers/public', 200, 'catalog'],
    ['/v1/biomarkers/public', 502, 'catalog'],
    ['/oauth/token', 400, 'token'],
    ['/.well-known/oauth-authorization-server', 200, 'discovery'],
    ['/.well-known/oauth-protected-resource', 304, 'discovery'],
    ['/llms.txt', 200, 'discovery'],
    ['/llms-full.txt', 200, 'discovery'],
    ['/sitemap.xml', 200, 'discovery'],
    ['/robots.txt', 200, 'discovery'],
    ['/openapi.json', 200, 'openapi'],
    ['/api/openapi.yaml', 200, 'openapi'],
    ['/', 200, 'page'],
    ['/developers', 200, 'page'],
    ['/de/docs/mcp', 200, 'page'],
    ['/developers.md', 200, 'markdown'],
    ['/de/index.md', 200, 'markdown'],
    ['/_astro/index.abc123.css', 200, 'static'],
    ['/images/categories/lipids.svg', 200, 'static'],
    ['/favicon.svg', 304, 'static'],
    ['/healthz', 200, 'health'],
  ] as const)('classifies %s (%i) as %s', (path, status, expected) => {
    expect(routeClass(path, status)).toBe(expected);
  });

  it('counts every 404 as not_found, so scanned paths cannot create label values', () => {
    expect(routeClass('/wp-admin/setup.php', 404)).toBe('not_found');
    expect(routeClass('/v1/biomarkers/public', 404)).toBe('not_found');
  });

  it('puts anything else, and an invalid target, in other', () => {
    expect(routeClass('/wp-admin/setup.php', 405)).toBe('other');
    expect(routeClass('/developers/', 301)).toBe('other');
    expect(routeClass(undefined, 400)).toBe('other');
  });

  it('only ever returns one of the ten classes', () => {
    for (const path of ['/', '/x', '/.well-known/x', '/_astro/', undefined]) {
      for (const status of [200, 404, 429, 499, 500]) expect(ROUTE_CLASSES).toContain(routeClass(path, status));
    }
  });
});
