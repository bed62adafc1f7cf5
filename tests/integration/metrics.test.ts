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
    // The site fetched the catalog from the bundled origin once, then served it from its cache.
    expect(value(text, 'catalog_cache_lookups_total{template="public-light-eu",state="fetched"}')).toBe(1);
    expect(value(text, 'http_requests_total{service="origin",route="catalog",status="200"}')).toBe(1);
    expect(value(text, 'catalog_cache_age_seconds{template="public-light-eu"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'rate_limit_clients{service="site"}')).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('is not served on the public port', async () => {
    const res = await client()(`${server.url}/metrics`);
    expect(res.status).toBe(404);
  });

  it('answers 404 for other paths on the metrics port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });
});
