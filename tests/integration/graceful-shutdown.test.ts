import { Agent, get } from 'node:http';
import { RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.ts';
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
    const site = await startServer({
      CATALOG_ORIGIN_URL: upstream.url,
      CATALOG_CACHE_TTL_S: '0',
      TRUST_PROXY: '1',
      SHUTDOWN_TIMEOUT_S: '20',
    });
    const templates = ['public-complete-eu', 'public-light-eu', 'public-v2-complete-uk', 'public-v2-light-uk'];
    const inFlight = templates.map((template, i) =>
      fetchAs(`198.51.100.${i + 1}`)(`${site.url}/v1/biomarkers/public?template=${template}`).then(async (res) => {
        const body = (await res.json()) as { data?: unknown[]; code?: string };
        return { status: res.status, count: body.data?.length ?? body.code };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = site.stop();
    // Once the listener is closed (its log line), not after a fixed wait that a busy machine overruns.
    await eventually(async () => site.output.join('').includes('listener_closed'), 3_000, 10);
    // On a new connection: one kept alive from before would still be served (with Connection: close).
    const late = await new Promise<string>((resolve) =>
      get(`${site.url}/healthz`, { agent: false }, (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      }).once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)),
    );
    // Refused, or reset when it reached the accept queue just before the listener closed.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(late);
    expect(await Promise.all(inFlight)).toEqual(templates.map(() => ({ status: 200, count: 5 })));
    expect(await exited).toBe(0);
    // The drain ended it (`stopped`), not the deadline (`idle_connections_closed`). When idle kept-alive connections
    // close during a drain is asserted in shutdown-instants.test.ts, each wait resolved at the instant it chooses.
    const log = site.output.join('');
    expect(log).toMatch(/"event":"shutdown"[\s\S]*"event":"listener_closed"[\s\S]*"event":"stopped"/);
    expect(log).not.toContain('"event":"idle_connections_closed"');
  });
});

describe('signals and deadlines', () => {
  it('stops at once on SIGINT (Ctrl-C), with a readiness delay configured and an idle keep-alive connection open', async () => {
    const site = await startServer({ SHUTDOWN_DELAY_S: '5', SHUTDOWN_TIMEOUT_S: '20' });
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) =>
      get(`${site.url}/healthz`, { agent }, (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      }).once('error', reject),
    );
    expect(status).toBe(200);
    site.child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => site.child.once('exit', resolve));
    agent.destroy();
    expect(code).toBe(0);
    // No readiness delay and no quiet interval (those log `listener_closed`), and the idle connection closed by the
    // server (`stopped`), not left for the deadline (`idle_connections_closed`).
    const log = site.output.join('');
    expect(log).toContain('"event":"shutdown","signal":"SIGINT","delayMs":0');
    expect(log).toContain('"event":"stopped","signal":"SIGINT"');
    expect(log).not.toContain('"event":"listener_closed"');
    expect(log).not.toContain('"event":"idle_connections_closed"');
  });

  it('answers readiness 503 during the SIGTERM delay, still serves the rest, and keeps accepting connections', async () => {
    const site = await startServer({ SHUTDOWN_DELAY_S: '2', SHUTDOWN_TIMEOUT_S: '20', TRUST_PROXY: '1' });
    const exited = site.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetchAs('192.0.2.50')(`${site.url}/healthz`, { headers: { Connection: 'close' } });
    expect(health.status).toBe(503);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
    expect(await health.json()).toMatchObject({ status: 'draining' });
    const head = await fetchAs('192.0.2.50')(`${site.url}/healthz`, {
      method: 'HEAD',
      headers: { Connection: 'close' },
    });
    expect(head.status).toBe(503);
    const page = await fetchAs('192.0.2.51')(`${site.url}/developers`, { headers: { Connection: 'close' } });
    expect(page.status).toBe(200);
    expect(await exited).toBe(0);
    expect(site.output.join('')).toMatch(/"event":"listener_closed"[\s\S]*"event":"stopped"/);
  });

  it('exits 1 when a request is still running at SHUTDOWN_TIMEOUT_S', async () => {
    const hanging = await startFakeUpstream('hang');
    try {
      const site = await startServer({
        CATALOG_ORIGIN_URL: hanging.url,
        SHUTDOWN_TIMEOUT_S: '1',
        CATALOG_ORIGIN_TIMEOUT_MS: '8000',
      });
      const pending = fetch(`${site.url}/v1/biomarkers/public`).catch(() => 'cut');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await site.stop()).toBe(1);
      // Cut by the shutdown deadline: the upstream's own (8 s) would have answered the client with a 502.
      expect(await pending).toBe('cut');
      expect(site.output.join('')).toContain('"event":"shutdown_deadline","timeoutMs":1000,"requestsInFlight":1');
    } finally {
      await hanging.close();
    }
  });
});
