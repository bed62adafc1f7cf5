import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { eventually } from '../helpers/eventually.ts';
import { startRedis, type RunningRedis } from '../helpers/redis-server.ts';
import { SLOW } from '../helpers/slow.ts';
import { fetchAs, freePort, startServer, type RunningServer } from '../helpers/start-server.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const PATH = '/.well-known/oauth-authorization-server';
const PASSWORD = 'never-shown-4f1c9e';
/** Requests during each fault: a few in `npm test`, many under TEST_SLOW=1. */
const DURING = SLOW ? 400 : 20;
/** How long the proxy holds each chunk while the store is slow: a round trip takes twice this. */
const STORE_DELAY_MS = 200;
/**
 * The hard deadline of the instance the slow store is tried on, shorter than the default (100 ms) and far below a
 * slowed round trip, so that no answer of the slow store can arrive in time: each request is decided alone.
 */
const HARD_TIMEOUT_MS = 20;

let running: { server?: RunningServer; redis?: RunningRedis; proxy?: TcpProxy } = {};
afterEach(async () => {
  await running.server?.stop();
  await running.proxy?.close();
  await running.redis?.stop();
  running = {};
});

/** An instance of the built service whose store is reached through `storePort`, with its metrics port. */
async function instanceWithStore(storePort: number, extra: Record<string, string> = {}) {
  const metricsPort = await freePort();
  const server = await startServer({
    TRUST_PROXY: '1',
    METRICS_PORT: String(metricsPort),
    RATE_LIMIT_STORE_URL: `redis://127.0.0.1:${storePort}`,
    RATE_LIMIT_STORE_PASSWORD: PASSWORD,
    ...extra,
  });
  running.server = server;
  const metrics = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const storeUp = async () => (await metrics()).includes('rate_limit_store_up{service="site"} 1');
  return { server, metrics, storeUp };
}

/**
 * `count` requests one after another, from `client` or, for a prefix such as `198.18.2`, from 250 addresses in turn
 * (each well within its quota): their statuses.
 */
async function burst(server: RunningServer, client: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const address = client.split('.').length === 4 ? client : `${client}.${i % 250}`;
    const res = await fetchAs(address)(`${server.url}${PATH}`);
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return { statuses };
}

/** The sum of every series of counter `name` in a Prometheus exposition (0 before its first count). */
const total = (exposition: string, name: string) =>
  exposition
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

/**
 * `count` requests during a fault, and how they were decided: `alone`, by the instance's own limiter (the store
 * unavailable, failed, or past its hard deadline); `late`, by a store answer that came after its soft deadline.
 */
async function burstDuringFault(server: RunningServer, metrics: () => Promise<string>, client: string, count: number) {
  const before = await metrics();
  const { statuses } = await burst(server, client, count);
  const after = await metrics();
  const delta = (name: string) => total(after, name) - total(before, name);
  return { statuses, alone: delta('rate_limit_store_fallbacks_total'), late: delta('rate_limit_store_late_total') };
}

const lines = (server: RunningServer, event: string) => server.output.join('').split(`"event":"${event}"`).length - 1;

/** Expects `event` logged exactly `times` times, once the log lines (written in batches) have reached stdout. */
async function expectLogged(server: RunningServer, event: string, times: number) {
  await eventually(async () => lines(server, event) >= times).catch(() => undefined);
  expect(lines(server, event), event).toBe(times);
}

describe('a shared store that fails costs exactness, never an answer', () => {
  it('starts without the store, limits alone, and moves to the store once it is reachable', async () => {
    const storePort = await freePort();
    const { server, metrics, storeUp } = await instanceWithStore(storePort);
    const alone = await burst(server, '198.18.1', DURING);
    expect(alone.statuses.every((status) => status === 200)).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await metrics()).toMatch(/rate_limit_store_fallbacks_total\{reason="unavailable"\} [1-9]/);
    running.redis = await startRedis({ port: storePort, password: PASSWORD });
    await eventually(storeUp);
    await expectLogged(server, 'rate_limit_store_down', 1);
    await expectLogged(server, 'rate_limit_store_up', 1);
  });

  it('decides alone, without waiting for the store, while it is slow, killed and restarted, logging each change once', async () => {
    const redis = (running.redis = await startRedis({ password: PASSWORD }));
    const proxy = (running.proxy = await startTcpProxy(redis.port));
    const hard = { RATE_LIMIT_STORE_HARD_TIMEOUT_MS: String(HARD_TIMEOUT_MS) };
    const { server, metrics, storeUp } = await instanceWithStore(proxy.port, hard);
    await eventually(storeUp);

    proxy.setDelay(STORE_DELAY_MS);
    const slow = await burstDuringFault(server, metrics, '198.18.2', DURING);
    proxy.setDelay(0);
    // Left alone after its failures, the store is tried again by the requests after the pause (a second).
    await eventually(async () => (await burst(server, '192.0.2.9', 1)) && storeUp());
    await redis.crash();
    const killed = await burstDuringFault(server, metrics, '198.18.3', DURING);
    await redis.restart();
    await eventually(storeUp);

    // Every request of a fault was decided by the instance alone, none by waiting for an answer of the store: the
    // hard deadline cut each round trip of the slow store (counted as a timeout), the killed one was not asked.
    for (const phase of [slow, killed]) {
      expect(phase.statuses.every((status) => status === 200)).toBe(true);
      expect(phase).toMatchObject({ alone: DURING, late: 0 });
    }
    expect(await metrics()).toMatch(/rate_limit_store_fallbacks_total\{reason="timeout"\} [1-9]/);
    // Up, down (slow), up (answering again), down (killed), up (restarted).
    await expectLogged(server, 'rate_limit_store_down', 2);
    await expectLogged(server, 'rate_limit_store_up', 3);
    expect(server.output.join('') + (await metrics())).not.toContain(PASSWORD);
  });

  it('limits alone, not refusing, when the store is full and refuses writes', async () => {
    // A limit below what an empty server uses: every write is refused with an OOM error.
    running.redis = await startRedis({ maxmemory: '1', policy: 'noeviction', password: PASSWORD });
    // The password in the URL this time (an empty variable counts as unset).
    const inUrl = { RATE_LIMIT_STORE_URL: running.redis.url, RATE_LIMIT_STORE_PASSWORD: '' };
    const { server, metrics, storeUp } = await instanceWithStore(running.redis.port, inUrl);
    await eventually(storeUp);
    const { statuses } = await burst(server, '192.0.2.4', CATALOG_POLICY.limit + 1);
    expect(statuses.slice(0, CATALOG_POLICY.limit).every((status) => status === 200)).toBe(true);
    expect(statuses[CATALOG_POLICY.limit]).toBe(429);
    const exposition = await metrics();
    expect(exposition).toMatch(/rate_limit_store_fallbacks_total\{reason="error"\} [1-9]/);
    expect(server.output.join('') + exposition).not.toContain(PASSWORD);
  });
});
