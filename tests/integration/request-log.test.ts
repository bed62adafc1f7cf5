import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sleep } from '../helpers/eventually.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let n = 0;
const from = () => `198.51.100.${++n}`;

beforeAll(async () => {
  // A short header deadline (the default is 10 s), so the 408 comes within a second or two.
  server = await startInProcess({
    TRUST_PROXY: '1',
    SOCKET_TIMEOUT_MS: '1500',
    HEADERS_TIMEOUT_MS: '1000',
    CATALOG_ORIGIN_TIMEOUT_MS: '500',
  });
});
afterAll(async () => {
  await server.stop();
});

/** The `request` lines logged so far. */
const requestLines = (): Record<string, unknown>[] =>
  server.output
    .join('')
    .split('\n')
    .filter((line) => line.includes('"event":"request"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits for the request line with `requestId` and returns it. */
async function lineFor(requestId: string | undefined): Promise<Record<string, unknown>> {
  expect(requestId).toBeTruthy();
  await eventually(async () => requestLines().some((line) => line['requestId'] === requestId));
  return requestLines().find((line) => line['requestId'] === requestId)!;
}

describe('one line per request', () => {
  it('logs one JSON line per request without the query string', async () => {
    const res = await fetch(`${server.url}/nope?access_token=secret`, { headers: { 'X-Forwarded-For': from() } });
    await res.arrayBuffer();
    const entry = await lineFor(res.headers.get('x-request-id') ?? undefined);
    expect(entry).toMatchObject({ method: 'GET', path: '/nope', status: 404 });
    expect(typeof entry['durationMs']).toBe('number');
    expect(server.output.join('')).not.toContain('secret');
  });
});

describe('refusals below the handler leave a line with the reason and an X-Request-Id', () => {
  it('431 for oversized headers', async () => {
    const res = await rawRequest(server.url, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    const line = await lineFor(res.headers['x-request-id']);
    expect(line).toMatchObject({ service: 'site', status: 431, refused: true, reason: 'headers_too_large' });
    expect(line['client']).toBe('127.0.0.0/24');
    expect(line['bytes']).toBeGreaterThan(res.body.length);
  });

  it('501 for a made-up method', async () => {
    const res = await rawRequest(server.url, 'BREW / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(501);
    expect(await lineFor(res.headers['x-request-id'])).toMatchObject({ status: 501, reason: 'unknown_method' });
  });

  it('414 for a request-target too long to parse', async () => {
    const res = await rawRequest(server.url, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(await lineFor(res.headers['x-request-id'])).toMatchObject({ status: 414, reason: 'target_too_long' });
  });

  it('400 for malformed HTTP, naming the parser error', async () => {
    const res = await rawRequest(server.url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n');
    expect(res.status).toBe(400);
    const line = await lineFor(res.headers['x-request-id']);
    expect(line['reason']).toMatch(/^malformed:HPE_/);
  });

  it('408 for headers not received in time', async () => {
    const res = await rawRequest(server.url, 'GET / HTTP/1.1\r\nHost: x\r\n', 5_000);
    expect(res.status).toBe(408);
    const line = await lineFor(res.headers['x-request-id']);
    expect(line).toMatchObject({ status: 408, refused: true });
    // Node's headersTimeout or the socket's inactivity timeout, whichever check comes first.
    expect(line['reason']).toMatch(/^(request|socket)_timeout$/);
  }, 10_000);
});

describe('a request the client abandons', () => {
  it('is logged as 499, aborted, client_closed', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    // A token request whose body never comes: the server is still waiting for it.
    socket.write(
      'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Content-Length: 100\r\nX-Request-Id: abandoned-1\r\nX-Forwarded-For: 203.0.113.9\r\n\r\ngrant_type=',
    );
    await sleep(300);
    socket.destroy();
    expect(await lineFor('abandoned-1')).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      status: 499,
      aborted: true,
      reason: 'client_closed',
      client: '203.0.113.0/24',
    });
  });
});

describe('X-Request-Id', () => {
  it('echoes a trusted proxy’s id and logs it, on Astro, the fast path, static files and Problems', async () => {
    const catalog = '/v1/biomarkers/public?template=public-light-eu';
    for (const [path, id] of [
      [catalog, 'proxy-astro-1'],
      [catalog, 'proxy-fast-2'], // the second answer comes from the response cache
      ['/favicon.svg', 'proxy-static-3'],
      ['/no-such-page', 'proxy-problem-4'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'X-Request-Id': id, 'X-Forwarded-For': from() } });
      await res.arrayBuffer();
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      expect(await lineFor(id)).toMatchObject({ status: res.status });
    }
    expect(await lineFor('proxy-fast-2')).toMatchObject({ template: 'public-light-eu', status: 200 });
  });

  it('generates an id when the proxy’s is malformed', async () => {
    const res = await fetch(`${server.url}/healthz`, {
      headers: { 'X-Request-Id': 'has spaces and "quotes"', 'X-Forwarded-For': from() },
    });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]+-\w+$/);
    expect(await lineFor(id!)).toMatchObject({ path: '/healthz', status: 200 });
  });
});
