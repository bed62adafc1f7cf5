import { beforeAll, describe, expect, it } from 'vitest';
import type { CacheState } from '../../../../src/lib/catalog/catalog-cache.ts';
import {
  catalogCacheControl,
  prepareCatalogBody,
  type CatalogBody,
  type CatalogService,
} from '../../../../src/lib/catalog/catalog-service.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';

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
