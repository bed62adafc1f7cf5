import { randomBytes } from 'node:crypto';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { contractFor } from '../helpers/contract/servers-under-test.ts';
import { eventually } from '../helpers/eventually.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const started: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env);
  started.push(server);
  return server;
}

/** A non-loopback IPv4 address of this machine, if it has one. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info !== undefined && info.family === 'IPv4' && !info.internal)?.address;

/** Whether a TCP connection to `host:port` is accepted (true) or refused (false). */
const accepts = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, host);
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The `listening` log line of one service, as logged. */
function listeningLine(server: RunningServer, service: string): { url: string } | undefined {
  const lines = server.output.join('').split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as { event?: string; service?: string; url: string })
    .find((entry) => entry.event === 'listening' && entry.service === service);
}

/** `count` requests sent ten at a time; resolves with their statuses in order. */
async function flood(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => send(i + j));
    for (const response of await Promise.all(batch)) {
      statuses.push(response.status);
      await response.body?.cancel();
    }
  }
  return statuses;
}

describe('the bundled catalog origin with default settings', () => {
  it('listens on loopback only, even when the site listens on every address', async () => {
    const server = await start({ HOST: '0.0.0.0' });
    const originPort = Number(server.env['CATALOG_ORIGIN_PORT']);
    // The site's port accepts before its log line is read from the pipe: wait for both lines.
    await eventually(
      async () => listeningLine(server, 'origin') !== undefined && listeningLine(server, 'site') !== undefined,
    );
    expect(listeningLine(server, 'origin')?.url).toBe(`http://127.0.0.1:${originPort}`);
    expect(listeningLine(server, 'site')?.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    expect(await accepts('127.0.0.1', originPort)).toBe(true);
  });

  it('is in no OpenAPI document: /openapi.json names the site alone, and the contract leaves the origin out', async () => {
    const server = started[0]!;
    const text = await (await fetch(`${server.url}/openapi.json`)).text();
    const document = JSON.parse(text) as { servers: Array<{ url: string }>; paths: Record<string, object> };
    expect(document.servers.map(({ url }) => url)).toEqual([server.url]);
    expect(document.paths['/v1/biomarkers/public']).not.toHaveProperty('servers');
    expect(text).not.toContain(`:${server.env['CATALOG_ORIGIN_PORT']}`);
    expect(contractFor(`${server.originUrl}/v1/biomarkers/public`)).toBeUndefined();
  });

  it.skipIf(externalAddress === undefined)(
    'refuses connections to the origin port on a non-loopback address, where the site accepts them',
    async () => {
      const server = started[0]!;
      const sitePort = Number(new URL(server.url).port);
      const originPort = Number(server.env['CATALOG_ORIGIN_PORT']);
      expect(await accepts(externalAddress!, sitePort)).toBe(true);
      expect(await accepts(externalAddress!, originPort)).toBe(false);
    },
  );
});

describe('nothing a client sends makes the site catalog fail', () => {
  it('keeps serving the catalog after floods of the origin port and of the site, spoofed or not', async () => {
    // No cache and no stale copies: every site catalog request goes to the origin, and any
    // refusal there would reach the client as a 502.
    const server = await start({ TRUST_PROXY: '1', CATALOG_CACHE_TTL_S: '0', CATALOG_STALE_IF_ERROR_S: '0' });
    const originCatalog = `${server.originUrl}/v1/biomarkers/public`;
    const siteCatalog = `${server.url}/v1/biomarkers/public`;
    const forgedKey = randomBytes(32).toString('base64url');

    // Each flood: ten requests past the quota.
    const FLOOD = CATALOG_POLICY.limit + 10;
    // The origin port, from this host: plain, claiming the site's address, and with a forged key.
    const plain = await flood(FLOOD, () => fetch(originCatalog));
    const spoofed = await flood(FLOOD, () => fetch(originCatalog, { headers: { 'X-Forwarded-For': '127.0.0.1' } }));
    const forged = await flood(FLOOD, () =>
      fetch(originCatalog, { headers: { 'Catalog-Origin-Key': forgedKey, 'X-Forwarded-For': '127.0.0.1' } }),
    );
    expect(plain.slice(0, CATALOG_POLICY.limit).every((status) => status === 200)).toBe(true);
    expect(plain.slice(CATALOG_POLICY.limit)).toEqual(Array(10).fill(429));
    expect(spoofed).toEqual(Array(FLOOD).fill(429));
    expect(forged).toEqual(Array(FLOOD).fill(429));

    // The site, claiming its address: that client is limited at the site, and only there.
    const asLoopback = await flood(FLOOD, () =>
      fetch(siteCatalog, { headers: { 'X-Forwarded-For': '127.0.0.1', 'Catalog-Origin-Key': forgedKey } }),
    );
    expect(asLoopback.slice(0, CATALOG_POLICY.limit)).toEqual(Array(CATALOG_POLICY.limit).fill(200));
    expect(asLoopback.slice(CATALOG_POLICY.limit)).toEqual(Array(10).fill(429));
    // Many spoofed addresses: each passes the site's limiter, and every one costs an upstream request.
    const spread = await flood(FLOOD, (i) => fetch(siteCatalog, { headers: { 'X-Forwarded-For': `203.0.113.${i}` } }));
    expect(spread).toEqual(Array(FLOOD).fill(200));

    const fresh = { headers: { 'X-Forwarded-For': '198.51.100.200' } };
    for (const template of ['public-complete-eu', 'public-light-eu', 'public-v2-light-uk']) {
      const response = await fetch(`${siteCatalog}?template=${template}`, fresh);
      expect(response.status, template).toBe(200);
      expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
  });
});
