import { describe, expect, it } from 'vitest';
import { createCatalogService, upstreamOrigin } from '../../../../src/lib/catalog/catalog-service.ts';
import { parseConfig } from '../../../../src/lib/config/config.ts';
import type { Logger } from '../../../../src/lib/log/logger.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';
import { requestVia } from '../../../helpers/fetch-reply.ts';

/** A service over a fake upstream that answers with `status`, and the lines it logged. */
function service(env: Record<string, string>, status: () => number) {
  const asked: string[] = [];
  const sent: Headers[] = [];
  const logged: { event: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info: () => undefined,
    error: (event, fields) => void logged.push({ event, ...(fields === undefined ? {} : { fields }) }),
  };
  const svc = createCatalogService(parseConfig({ CATALOG_ORIGIN_URL: 'https://origin.test', ...env }), {
    logger,
    request: requestVia(async (url, init) => {
      asked.push(String(url));
      sent.push(new Headers(init?.headers));
      return new Response(JSON.stringify(smallCatalog()), {
        status: status(),
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  });
  return { svc, asked, sent, logged };
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
    expect(t.asked).toEqual(['https://origin.test/v1/biomarkers/public?template=public-light-eu']);
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

  it('sends the configured origin key on every upstream request, and no key header when none is set', async () => {
    const key = 'k'.repeat(40);
    const keyed = service({ CATALOG_ORIGIN_KEY: key }, () => 200);
    await keyed.svc.cache.get('public-light-eu');
    expect(keyed.sent[0]?.get('catalog-origin-key')).toBe(key);
    expect(keyed.sent[0]?.get('accept')).toBe('application/json');
    const plain = service({}, () => 200);
    await plain.svc.cache.get('public-light-eu');
    expect(plain.sent[0]?.has('catalog-origin-key')).toBe(false);
  });
});

describe('upstreamOrigin', () => {
  const origin = (env: Record<string, string>) => upstreamOrigin(parseConfig(env));

  it('reaches the bundled origin on CATALOG_ORIGIN_HOST, loopback by default whatever HOST is', () => {
    expect(origin({})).toBe('http://127.0.0.1:4322');
    expect(origin({ HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4322');
    expect(origin({ HOST: '192.0.2.10' })).toBe('http://127.0.0.1:4322');
    expect(origin({ CATALOG_ORIGIN_HOST: '10.1.2.3', CATALOG_ORIGIN_PORT: '9000' })).toBe('http://10.1.2.3:9000');
  });

  it('uses loopback for a wildcard or local origin host, and brackets an IPv6 one', () => {
    for (const host of ['0.0.0.0', '::', 'localhost', '127.0.0.1']) {
      expect(origin({ CATALOG_ORIGIN_HOST: host })).toBe('http://127.0.0.1:4322');
    }
    expect(origin({ CATALOG_ORIGIN_HOST: '::1' })).toBe('http://[::1]:4322');
  });

  it('is CATALOG_ORIGIN_URL when set', () => {
    expect(origin({ CATALOG_ORIGIN_URL: 'https://c.example', CATALOG_ORIGIN_HOST: '10.1.2.3' })).toBe(
      'https://c.example',
    );
  });
});
