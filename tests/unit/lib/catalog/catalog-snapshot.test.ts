import { describe, expect, it } from 'vitest';
import { RefreshCache } from '../../../../src/lib/catalog/catalog-cache.ts';
import { prepareCatalogBody, type CatalogService } from '../../../../src/lib/catalog/catalog-service.ts';
import { loadCatalogSnapshot } from '../../../../src/lib/catalog/catalog-snapshot.ts';
import { UpstreamError } from '../../../../src/lib/catalog/fetch-upstream-catalog.ts';
import { pageDataVersion } from '../../../../src/lib/site-pages/page-data.ts';
import type { CatalogTemplate } from '../../../../src/lib/schemas/catalog.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';

/** A catalog service over a fake upstream whose marker count per template the test sets. */
function service() {
  const clock = { now: 0 };
  const sizes: Partial<Record<CatalogTemplate, number>> = {};
  const failing = new Set<CatalogTemplate>();
  const svc: CatalogService = {
    ttlS: 60,
    staleWhileRevalidateS: 0, // refreshes block here, so a changed panel shows on the next read
    staleIfErrorS: 600,
    cache: new RefreshCache({
      ttlMs: 60_000,
      staleIfErrorMs: 600_000,
      now: () => clock.now,
      load: async (template) => {
        if (failing.has(template)) throw new UpstreamError('status', 'The catalog origin answered 500.');
        return prepareCatalogBody(smallCatalog(sizes[template] ?? 2));
      },
    }),
  };
  return { svc, clock, sizes, failing };
}

describe('loadCatalogSnapshot', () => {
  it('reads the four panels the API serves, parsed once per cached body', async () => {
    const { svc } = service();
    const first = await loadCatalogSnapshot(svc);
    const second = await loadCatalogSnapshot(svc);
    expect(first.panels['public-v2-light-uk'].data).toHaveLength(2);
    expect(second.version).toBe(first.version);
    expect(second.panels['public-complete-eu']).toBe(first.panels['public-complete-eu']);
  });

  it('has a new version as soon as the cache holds a changed panel', async () => {
    const { svc, clock, sizes } = service();
    const before = await loadCatalogSnapshot(svc);
    sizes['public-light-eu'] = 3;
    clock.now = 30_000;
    expect((await loadCatalogSnapshot(svc)).version).toBe(before.version); // still fresh
    clock.now = 61_000;
    const after = await loadCatalogSnapshot(svc);
    expect(after.version).not.toBe(before.version);
    expect(after.panels['public-light-eu'].data).toHaveLength(3);
  });

  it('is fresh for what is left of the panels’ freshness, and 0 on a stale stand-in', async () => {
    const { svc, clock, failing } = service();
    await loadCatalogSnapshot(svc);
    clock.now = 20_500;
    expect((await loadCatalogSnapshot(svc)).freshness.maxAgeS).toBe(39);
    failing.add('public-v2-complete-uk');
    clock.now = 70_000;
    expect((await loadCatalogSnapshot(svc)).freshness.maxAgeS).toBe(0);
  });

  it('rejects with the upstream error when a panel is unavailable and no copy may stand in', async () => {
    const { svc, failing } = service();
    failing.add('public-v2-complete-uk');
    await expect(loadCatalogSnapshot(svc)).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('pageDataVersion', () => {
  it('keys static pages, loaded data and the error state apart', () => {
    expect(pageDataVersion(undefined)).toBe('');
    expect(pageDataVersion({ ok: false, reason: 'down' })).toBe('unavailable');
    const catalog = { version: '"a" "b" "c" "d"', freshness: { maxAgeS: 1 }, panels: {} as never };
    expect(
      pageDataVersion({ ok: true, source: 'catalog', version: catalog.version, freshness: { maxAgeS: 1 }, catalog }),
    ).toBe('"a" "b" "c" "d"');
  });
});
