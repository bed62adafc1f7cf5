import { describe, expect, it } from 'vitest';
import { RefreshCache } from '../../../../src/lib/catalog/catalog-cache.ts';
import { prepareCatalogBody, type CatalogService } from '../../../../src/lib/catalog/catalog-service.ts';
import { UpstreamError } from '../../../../src/lib/catalog/fetch-upstream-catalog.ts';
import { loadPageData } from '../../../../src/lib/site-pages/page-data.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';

/** A catalog service whose upstream gives `size` markers per panel, or throws what `fail` makes. */
function catalogService(size: number, fail?: () => Error): CatalogService {
  return {
    ttlS: 60,
    staleWhileRevalidateS: 0,
    staleIfErrorS: 0,
    cache: new RefreshCache({
      ttlMs: 60_000,
      staleIfErrorMs: 0,
      load: async () => {
        if (fail !== undefined) throw fail();
        return prepareCatalogBody(smallCatalog(size));
      },
    }),
  };
}

/**
 * An upstream error as the server's copy of `fetch-upstream-catalog.ts` makes it, seen from Astro's pages, whose copy
 * of the module has a class of its own: same name and reason, another class.
 */
function errorOfAnotherCopy(): Error {
  class UpstreamError extends Error {
    override name = 'UpstreamError';
    readonly reason = 'status';
  }
  return new UpstreamError('The catalog origin answered 500.');
}

describe('loadPageData', () => {
  it('reads the catalog of the services it is given, not a shared one', async () => {
    const [two, three] = await Promise.all([
      loadPageData('catalog', { catalog: catalogService(2) }),
      loadPageData('catalog', { catalog: catalogService(3) }),
    ]);
    expect(two?.ok === true && two.catalog.panels['public-light-eu'].data).toHaveLength(2);
    expect(three?.ok === true && three.catalog.panels['public-light-eu'].data).toHaveLength(3);
  });

  it('has no data for a page without a source, and asks no service', async () => {
    const catalog = catalogService(2, () => new Error('asked'));
    expect(await loadPageData(undefined, { catalog })).toBeUndefined();
  });

  it.each([
    ['this module graph', () => new UpstreamError('status', 'The catalog origin answered 500.')],
    ["another module graph's copy of the module", errorOfAnotherCopy],
  ])('is "unavailable" (the 502 state) on an upstream error from %s', async (_, fail) => {
    const data = await loadPageData('catalog', { catalog: catalogService(2, fail) });
    expect(data).toEqual({ ok: false, reason: 'The catalog origin answered 500.' });
  });

  it('lets any other error through: a bug, not an unavailable catalog', async () => {
    const catalog = catalogService(2, () => new TypeError('a bug'));
    await expect(loadPageData('catalog', { catalog })).rejects.toThrow('a bug');
  });
});
