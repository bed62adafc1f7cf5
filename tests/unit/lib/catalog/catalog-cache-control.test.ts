import { describe, expect, it } from 'vitest';
import { catalogCacheControl, createCatalogService } from '../../../../src/lib/catalog/catalog-service.ts';
import { parseConfig } from '../../../../src/lib/config/config.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';
import { requestVia } from '../../../helpers/fetch-reply.ts';

type Upstream = 'ok' | 'failing' | 'hanging';

/** A catalog service on a clock the test moves, over an upstream the test switches; `header` looks up and answers. */
function service(env: Record<string, string> = {}) {
  const clock = { now: 0 };
  const state: { upstream: Upstream } = { upstream: 'ok' };
  const svc = createCatalogService(parseConfig({ CATALOG_ORIGIN_URL: 'https://origin.test', ...env }), {
    logger: { info: () => undefined, error: () => undefined },
    now: () => clock.now,
    request: requestVia(async (_url, init) => {
      if (state.upstream === 'hanging') {
        // Until the deadline (the real clock's), as a hung origin does.
        return new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        );
      }
      return new Response(JSON.stringify(smallCatalog()), {
        status: state.upstream === 'ok' ? 200 : 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  });
  const header = async () => catalogCacheControl(svc, await svc.cache.get('public-light-eu'));
  return { svc, clock, state, header };
}

/** Lets a background load started by the last lookup settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('catalogCacheControl', () => {
  it('counts max-age down to the refresh, and stale-if-error to the end of the copy the service would serve', async () => {
    const t = service(); // TTL 60, stale-while-revalidate 60, stale-if-error 600
    expect(await t.header()).toBe('public, max-age=60, stale-while-revalidate=60, stale-if-error=540');
    t.clock.now = 20_500;
    expect(await t.header()).toBe('public, max-age=39, stale-while-revalidate=60, stale-if-error=540');
    // The last second of freshness is still stored: a 0 would be a miss at every cache.
    t.clock.now = 59_600;
    expect(await t.header()).toBe('public, max-age=1, stale-while-revalidate=60, stale-if-error=539');
  });

  it('keeps a stale answer storable while the origin fails: fresh until the next attempt, stale-if-error counted down', async () => {
    const t = service();
    await t.header();
    t.state.upstream = 'failing';
    t.clock.now = 61_000;
    // Served while the background refresh runs: it may land any moment.
    expect(await t.header()).toBe('public, max-age=1, stale-while-revalidate=60, stale-if-error=538');
    await settle(); // that refresh fails: the service asks again in 5 s
    expect(await t.header()).toBe('public, max-age=5, stale-while-revalidate=60, stale-if-error=534');
    t.clock.now = 63_500;
    expect(await t.header()).toBe('public, max-age=2, stale-while-revalidate=60, stale-if-error=534');
    t.clock.now = 540_000;
    expect(await t.header()).toBe('public, max-age=5, stale-while-revalidate=55, stale-if-error=55');
    // The copy ages out 600 s after its fetch, before the next attempt: nothing is left for a cache to stretch.
    t.clock.now = 597_500;
    expect(await t.header()).toBe('public, max-age=2, stale-while-revalidate=0, stale-if-error=0');
    t.clock.now = 600_000;
    await expect(t.header()).rejects.toThrow(/500/);
  });

  it('gives a copy served while a hung load runs a freshness of 1 s', async () => {
    const t = service({ CATALOG_ORIGIN_TIMEOUT_MS: '200' });
    await t.header();
    t.state.upstream = 'hanging';
    t.clock.now = 130_000; // past the TTL and stale-while-revalidate: a request waits at most the grace
    const first = t.header();
    t.clock.now = 130_100; // the grace is over for everyone after the first
    expect(await t.header()).toBe('public, max-age=1, stale-while-revalidate=60, stale-if-error=468');
    expect(await first).toMatch(/^public, max-age=1, /);
  });

  it('says 0 with the cache off, and leaves out a window the server does not keep', async () => {
    const off = service({ CATALOG_CACHE_TTL_S: '0' });
    expect(await off.header()).toBe('public, max-age=0, stale-if-error=600');
    off.state.upstream = 'failing';
    off.clock.now = 10_000;
    expect(await off.header()).toBe('public, max-age=0, stale-if-error=590');
    expect(await service({ CATALOG_STALE_WHILE_REVALIDATE_S: '0' }).header()).toBe(
      'public, max-age=60, stale-if-error=540',
    );
    expect(await service({ CATALOG_STALE_WHILE_REVALIDATE_S: '0', CATALOG_STALE_IF_ERROR_S: '0' }).header()).toBe(
      'public, max-age=60',
    );
  });
});
