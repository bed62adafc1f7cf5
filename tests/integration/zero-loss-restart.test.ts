import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/** What a client saw for one request through nginx. */
interface Outcome {
  kind: string;
  status: number | string;
}

/** The mixed load: catalog GETs, pages in both forms, discovery, and token POSTs. */
const REQUESTS: ReadonlyArray<{ kind: string; method: string; path: string; body?: string }> = [
  { kind: 'catalog', method: 'GET', path: '/v1/biomarkers/public?template=public-complete-eu' },
  { kind: 'token', method: 'POST', path: '/oauth/token', body: 'grant_type=client_credentials' },
  { kind: 'page', method: 'GET', path: '/developers' },
  { kind: 'catalog', method: 'GET', path: '/v1/biomarkers/public?template=public-v2-light-uk' },
  { kind: 'markdown', method: 'GET', path: '/de/auth.md' },
  { kind: 'token', method: 'POST', path: '/oauth/token', body: 'grant_type=client_credentials&scope=catalog.read' },
  { kind: 'discovery', method: 'GET', path: '/.well-known/oauth-authorization-server' },
  { kind: 'catalog', method: 'HEAD', path: '/v1/biomarkers/public?template=public-light-eu' },
];

let counter = 0;
/** A fresh client address per request (documentation and benchmarking ranges), so no client nears 60/min. */
function nextClientAddress(): string {
  counter += 1;
  return `198.${18 + ((counter >> 16) & 1)}.${(counter >> 8) & 0xff}.${counter & 0xff}`;
}

/** Clients keep their connections to nginx, as browsers and API clients do. */
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request, as if from a new client behind a CDN (the CDN's `X-Forwarded-For` entry,
 * which nginx extends; the instances trust both hops); resolves with the status or the error code.
 */
function send(port: number, spec: (typeof REQUESTS)[number], path = spec.path): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      Accept: 'application/json, text/html;q=0.9',
      'X-Forwarded-For': nextClientAddress(),
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const req = request({ host: '127.0.0.1', port, path, method: spec.method, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ kind: spec.kind, status: res.statusCode ?? 0 }));
      res.once('error', (error: NodeJS.ErrnoException) => resolve({ kind: spec.kind, status: error.code ?? 'error' }));
    });
    req.setTimeout(20_000, () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ kind: spec.kind, status: error.code ?? 'error' }));
    req.end(spec.body);
  });
}

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
  agent.destroy();
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
});

describe('a restart behind nginx, with the configuration docs/deployment.md recommends', () => {
  it('loses no request: SIGTERM mid-load, readiness 503 while serving, exit 0', async () => {
    const [stopping, staying] = instances as [RunningServer, RunningServer];
    const outcomes: Outcome[] = [];
    let running = true;
    let next = 0;
    const worker = async () => {
      while (running) outcomes.push(await send(nginx.port, REQUESTS[next++ % REQUESTS.length]!));
    };
    const workers = Array.from({ length: 16 }, worker);

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
    running = false;
    await Promise.all(workers);

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
