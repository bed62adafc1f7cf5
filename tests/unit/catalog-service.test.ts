import { describe, expect, it } from 'vitest';
import { createCatalogService, upstreamOrigin } from '../../src/lib/catalog/catalog-service.ts';
import { parseConfig } from '../../src/lib/config/config.ts';
import type { Logger } from '../../src/lib/log/logger.ts';
import { smallCatalog } from '../helpers/catalog-fixture.ts';

/** A service over a fake upstream that answers with `status`, and the lines it logged. */
function service(env: Record<string, string>, status: () => number) {
  const asked: string[] = [];
  const logged: { event: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info: () => undefined,
    error: (event, fields) => void logged.push({ event, ...(fields === undefined ? {} : { fields }) }),
  };
  const svc = createCatalogService(parseConfig({ CATALOG_ORIGIN_URL: 'http://origin.test', ...env }), {
    logger,
    fetch: async (url) => {
      asked.push(String(url));
      return new Response(JSON.stringify(smallCatalog()), {
        status: status(),
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  return { svc, asked, logged };
}

describe('createCatalogService', () => {
  it('takes its windows from the configuration, and drops stale-while-revalidate with the cache off', () => {
    expect(service({}, () => 200).svc).toMatchObject({ ttlS: 60, staleWhileRevalidateS: 60, staleIfErrorS: 600 });
    expect(service({ CATALOG_CACHE_TTL_S: '0' }, () => 200).svc).toMatchObject({ ttlS: 0, staleWhileRevalidateS: 0 });
  });

  it('logs a failed upstream request with its template and reason, and leaves the upstream alone for a while', async () => {
    const t = service({}, () => 503);
    await expect(t.svc.cache.get('public-light-eu')).rejects.toThrow(/503/);
    await expect(t.svc.cache.get('public-light-eu')).rejects.toThrow(/503/);
    expect(t.asked).toEqual(['http://origin.test/v1/biomarkers/public?template=public-light-eu']);
    expect(t.logged).toEqual([
      {
        event: 'catalog_upstream_failed',
        fields: { template: 'public-light-eu', reason: 'status', message: expect.stringMatching(/503/) },
      },
    ]);
  });

  it('asks every time after a failure when the cache is off', async () => {
    const t = service({ CATALOG_CACHE_TTL_S: '0' }, () => 500);
    await expect(t.svc.cache.get('public-light-eu')).rejects.toThrow();
    await expect(t.svc.cache.get('public-light-eu')).rejects.toThrow();
    expect(t.asked).toHaveLength(2);
    expect(t.logged).toHaveLength(2);
  });
});

describe('upstreamOrigin', () => {
  it('reaches the bundled origin over loopback when the site listens on a local or wildcard host', () => {
    expect(upstreamOrigin({ catalogOriginUrl: undefined, catalogOriginPort: 4322, host: '0.0.0.0' })).toBe(
      'http://127.0.0.1:4322',
    );
    expect(upstreamOrigin({ catalogOriginUrl: undefined, catalogOriginPort: 4322, host: '::1' })).toBe(
      'http://[::1]:4322',
    );
    expect(upstreamOrigin({ catalogOriginUrl: 'https://c.example', catalogOriginPort: 4322, host: 'localhost' })).toBe(
      'https://c.example',
    );
  });
});
