import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMixedLoad, REQUESTS, send, startMixedLoad } from '../helpers/mixed-load.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/** Request log lines an instance wrote after its shutdown began. */
const requestsAfterShutdown = (server: RunningServer): number => {
  const lines = server.output.join('').split('\n');
  const start = lines.findIndex((line) => line.includes('"event":"shutdown"'));
  return start === -1 ? 0 : lines.slice(start).filter((line) => line.includes('"event":"request"')).length;
};

/** The readiness delay after SIGTERM. */
const DELAY_S = 2;

let instances: RunningServer[] = [];
let nginx: RunningNginx;

beforeAll(async () => {
  // docs/deployment.md's drain (a readiness delay, then a deadline), with a delay of 2 s instead
  // of its 5 s so the test takes seconds; nginx's settings are the documented ones.
  const env = { TRUST_PROXY: '2', SHUTDOWN_DELAY_S: String(DELAY_S), SHUTDOWN_TIMEOUT_S: '20' };
  instances = await Promise.all([startServer(env), startServer(env)]);
  nginx = await startNginx(instances.map((instance) => new URL(instance.url).host));
}, 60_000);

afterAll(async () => {
  closeMixedLoad();
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
});

describe('a restart behind nginx, with the configuration docs/deployment.md recommends', () => {
  it('loses no request: SIGTERM mid-load, readiness 503 while serving, exit 0', async () => {
    const [stopping, staying] = instances as [RunningServer, RunningServer];
    const load = startMixedLoad(nginx.port);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const signalledAt = performance.now();
    const exited = stopping.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Within the delay: readiness says "route elsewhere", everything else is still served.
    const direct = Number(new URL(stopping.url).port);
    const health = await send(direct, { kind: 'health', method: 'GET', path: '/healthz' });
    const catalog = await send(direct, REQUESTS[0]!);
    const healthOfOther = await send(Number(new URL(staying.url).port), {
      kind: 'health',
      method: 'GET',
      path: '/healthz',
    });

    const code = await exited;
    const stoppedAfterMs = performance.now() - signalledAt;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const outcomes = await load.stop();

    expect(health.status).toBe(503);
    expect(catalog.status).toBe(200);
    expect(healthOfOther.status).toBe(200);
    const failed = outcomes.filter(({ status }) => status !== 200);
    console.log(
      `zero-loss: ${outcomes.length} requests, ${failed.length} failed, ${requestsAfterShutdown(stopping)} served by the stopping instance after SIGTERM`,
    );
    expect(failed).toEqual([]);
    expect(outcomes.filter(({ kind }) => kind === 'token').length).toBeGreaterThan(50);
    // The stopping instance kept answering through nginx after the signal, and stopped cleanly.
    expect(requestsAfterShutdown(stopping)).toBeGreaterThan(20);
    expect(code).toBe(0);
    expect(stoppedAfterMs).toBeGreaterThan(DELAY_S * 1000);
    expect(stoppedAfterMs).toBeLessThan(DELAY_S * 1000 + 10_000);
    // No request was cut by the service: nginx saw refused connections (how it learns the
    // listener closed), never a reset or an early close on a connection it had written to.
    expect(nginx.errorLog()).not.toMatch(/reset by peer|prematurely closed|upstream timed out|no live upstreams/);
  }, 60_000);
});
