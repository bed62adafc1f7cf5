import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';
import { fetchAs, startServer } from '../helpers/start-server.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream('slow');
});
afterAll(async () => {
  await upstream.close();
});

describe('SIGTERM during load', () => {
  it('lets in-flight requests finish, refuses new connections and exits 0 within the deadline', async () => {
    const site = await startServer({ CATALOG_ORIGIN_URL: upstream.url, CATALOG_CACHE_TTL_S: '0', TRUST_PROXY: '1' });
    const templates = ['public-complete-eu', 'public-light-eu', 'public-v2-complete-uk', 'public-v2-light-uk'];
    const inFlight = templates.map((template, i) =>
      fetchAs(`198.51.100.${i + 1}`)(`${site.url}/v1/biomarkers/public?template=${template}`).then(async (res) => {
        const body = (await res.json()) as { data?: unknown[]; code?: string };
        return { status: res.status, count: body.data?.length ?? body.code };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const exited = site.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = await fetch(`${site.url}/healthz`).then(
      (res) => `answered ${res.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    // Refused, or reset when it reached the accept queue just before the listener closed.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(late);
    expect(await Promise.all(inFlight)).toEqual(templates.map(() => ({ status: 200, count: 5 })));
    expect(await exited).toBe(0);
    // In-flight requests take about 1.5 s; waiting for idle keep-alive connections (5 s) would fail this.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(site.output.join('')).toContain('"event":"shutdown"');
  });
});
