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
/**
 * The hard deadline of the instance the slow store is tried on, shorter than the default (100 ms), so that what is
 * measured is that a request waits no longer than it, not a busy machine's noise on top of a long wait.
 */
const HARD_TIMEOUT_MS = 20;
/** Longest a request may take while the store fails: its hard deadline and a busy machine's margin. */
const PROMPT_MS = HARD_TIMEOUT_MS + 250;

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
 * (each well within its quota): statuses and the slowest answer.
 */
async function burst(server: RunningServer, client: string, count: number) {
  const statuses: number[] = [];
  let slowestMs = 0;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const address = client.split('.').length === 4 ? client : `${client}.${i % 250}`;
    const res = await fetchAs(address)(`${server.url}${PATH}`);
    await res.arrayBuffer();
    slowestMs = Math.max(slowestMs, performance.now() - started);
    statuses.push(res.status);
  }
  return { statuses, slowestMs };
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

  it('answers promptly while the store is killed, slow, and restarted, logging each change once', async () => {
    const redis = (running.redis = await startRedis({ password: PASSWORD }));
    const proxy = (running.proxy = await startTcpProxy(redis.port));
    const hard = { RATE_LIMIT_STORE_HARD_TIMEOUT_MS: String(HARD_TIMEOUT_MS) };
    const { server, metrics, storeUp } = await instanceWithStore(proxy.port, hard);
    await eventually(storeUp);

    proxy.setDelay(200);
    const slow = await burst(server, '198.18.2', DURING);
    proxy.setDelay(0);
    // Left alone after its failures, the store is tried again by the requests after the pause (a second).
    await eventually(async () => (await burst(server, '192.0.2.9', 1)) && storeUp());
    await redis.crash();
    const killed = await burst(server, '198.18.3', DURING);
    await redis.restart();
    await eventually(storeUp);

    for (const phase of [slow, killed]) {
      expect(phase.statuses.every((status) => status === 200)).toBe(true);
      expect(phase.slowestMs).toBeLessThan(PROMPT_MS);
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
