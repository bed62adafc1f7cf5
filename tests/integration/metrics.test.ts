import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAs, freePort, startServer, type RunningServer } from '../helpers/start-server.ts';

let server: RunningServer;
let metricsUrl: string;
let n = 0;
const client = () => fetchAs(`198.51.100.${++n}`);

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  server = await startServer({ TRUST_PROXY: '1', METRICS_PORT: String(port) });
});
afterAll(async () => {
  await server.stop();
});

/** Lines of the Prometheus text exposition format 0.0.4: HELP, TYPE, or a sample. */
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|\+Inf|-Inf)( -?\d+)?$/;
const COMMENT =
  /^# (HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*|TYPE [a-zA-Z_:][a-zA-Z0-9_:]* (counter|gauge|histogram|summary|untyped))$/;

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const value = (text: string, series: string): number =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.split(' ')[1] ?? Number.NaN,
  );

describe('the Prometheus endpoint on METRICS_PORT', () => {
  it('serves valid text exposition whose counters move with requests', async () => {
    const catalog = 'http_requests_total{service="site",route="catalog",status="200"}';
    const before = await scrape();
    const baseline = Number.isNaN(value(before, catalog)) ? 0 : value(before, catalog);
    for (let i = 0; i < 3; i += 1) {
      await (await client()(`${server.url}/v1/biomarkers/public?template=public-light-eu`)).arrayBuffer();
    }
    await (await client()(`${server.url}/no-such-page`)).arrayBuffer();
    await (await client()(`${server.url}/healthz`)).arrayBuffer();
    const text = await scrape();
    for (const line of text.split('\n').filter((l) => l !== '')) {
      expect(line, line).toMatch(line.startsWith('#') ? COMMENT : SAMPLE);
    }
    expect(value(text, catalog)).toBe(baseline + 3);
    expect(value(text, 'http_requests_total{service="site",route="not_found",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_requests_total{service="site",route="health",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_count{service="site",route="catalog"}')).toBeGreaterThanOrEqual(
      3,
    );
    // The site fetched the panel from the bundled origin once, then served it from its cache; the
    // origin's other catalog request is the default panel, which the site fetches at start-up.
    expect(value(text, 'catalog_cache_lookups_total{template="public-light-eu",state="fetched"}')).toBe(1);
    expect(value(text, 'http_requests_total{service="origin",route="catalog",status="200"}')).toBe(2);
    expect(value(text, 'catalog_cache_age_seconds{template="public-light-eu"}')).toBeGreaterThanOrEqual(0);
    // One window per client that spent quota; the health probe is free and opens none.
    expect(value(text, 'rate_limit_clients{service="site"}')).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('shows the default panel fetched at start-up, so its first request is served from the cache', async () => {
    const port = await freePort();
    const own = await startServer({ TRUST_PROXY: '1', METRICS_PORT: String(port) });
    try {
      const scrapeOwn = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const originCatalog = 'http_requests_total{service="origin",route="catalog",status="200"}';
      // No client has asked for a panel yet: the site asks the bundled origin for the default itself.
      const deadline = Date.now() + 5_000;
      while (Number.isNaN(value(await scrapeOwn(), originCatalog)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(value(await scrapeOwn(), originCatalog)).toBe(1);
      const res = await client()(`${own.url}/v1/biomarkers/public`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const text = await scrapeOwn();
      expect(value(text, 'catalog_cache_lookups_total{template="public-complete-eu",state="fresh"}')).toBe(1);
      expect(value(text, 'catalog_cache_lookups_total{template="public-complete-eu",state="fetched"}')).toBeNaN();
      expect(value(text, originCatalog)).toBe(1);
    } finally {
      await own.stop();
    }
  });

  it('is not served on the public port', async () => {
    const res = await client()(`${server.url}/metrics`);
    expect(res.status).toBe(404);
  });

  it('answers 404 for other paths on the metrics port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });
});
