import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../../../src/lib/metrics/service-metrics.ts';

/** The value of one sample in the text exposition, or undefined. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('ServiceMetrics', () => {
  it('counts requests by server, route class and status, with latency by route class', async () => {
    const metrics = new ServiceMetrics();
    metrics.observeRequest('site', { route: 'catalog', status: 200, durationS: 0.0004 });
    metrics.observeRequest('site', { route: 'catalog', status: 200, durationS: 0.2 });
    metrics.observeRequest('site', { route: 'other', status: 404, durationS: 0.01 });
    metrics.observeRequest('site', { route: 'health', status: 429, durationS: 0.001 });
    const text = await (await metrics.registry()).metrics();
    expect(sample(text, 'http_requests_total', 'service="site",route="catalog",status="200"')).toBe(2);
    expect(sample(text, 'http_requests_total', 'service="site",route="not_found",status="404"')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', 'service="site",route="catalog",le="0.0005"')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', 'service="site",route="catalog",le="0.25"')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', 'service="site",route="catalog",le="+Inf"')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum', 'service="site",route="catalog"')).toBeCloseTo(0.2004);
    expect(sample(text, 'http_request_duration_seconds_count', 'service="site",route="catalog"')).toBe(2);
    // Counts are rebuilt from the series at each scrape, not added up twice.
    expect(
      sample(
        await (await metrics.registry()).metrics(),
        'http_requests_total',
        'service="site",route="catalog",status="200"',
      ),
    ).toBe(2);
    expect(sample(text, 'rate_limit_refusals_total', 'service="site"')).toBe(1);
  });

  it('counts requests shed because the renders were full', async () => {
    const metrics = new ServiceMetrics();
    metrics.observeShed('site');
    metrics.observeShed('site');
    expect(sample(await (await metrics.registry()).metrics(), 'render_shed_total', 'service="site"')).toBe(2);
  });

  it('reports catalog lookups, the age of the copy served, and upstream failures', async () => {
    const metrics = new ServiceMetrics();
    metrics.observeCatalogLookup('public-light-eu', 'fetched', 0);
    metrics.observeCatalogLookup('public-light-eu', 'stale', 90_000);
    metrics.observeCatalogLookup('public-light-eu', 'failed');
    metrics.observeUpstreamFailure('public-light-eu', 'timeout');
    const text = await (await metrics.registry()).metrics();
    expect(sample(text, 'catalog_cache_lookups_total', 'template="public-light-eu",state="stale"')).toBe(1);
    expect(sample(text, 'catalog_cache_lookups_total', 'template="public-light-eu",state="failed"')).toBe(1);
    expect(sample(text, 'catalog_upstream_failures_total', 'template="public-light-eu",reason="timeout"')).toBe(1);
    expect(sample(text, 'catalog_cache_age_seconds', 'template="public-light-eu"')).toBeGreaterThanOrEqual(90);
  });

  it('reports the rate limiter table size and the default process metrics', async () => {
    const metrics = new ServiceMetrics();
    metrics.watchLimiter('site', { size: 42 });
    const text = await (await metrics.registry()).metrics();
    expect(sample(text, 'rate_limit_clients', 'service="site"')).toBe(42);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it('makes one registry, on first use, holding what was counted before it existed', async () => {
    const metrics = new ServiceMetrics();
    metrics.observeUpstreamFailure('public-light-eu', 'status');
    const registry = await metrics.registry();
    expect(await metrics.registry()).toBe(registry);
    metrics.observeUpstreamFailure('public-light-eu', 'status');
    const text = await registry.metrics();
    expect(sample(text, 'catalog_upstream_failures_total', 'template="public-light-eu",reason="status"')).toBe(2);
  });
});
