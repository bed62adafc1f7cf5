import { connect, type Socket } from 'node:net';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-http.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let n = 0;
const from = () => `X-Forwarded-For: 198.51.100.${++n}\r\n`;

/** Header and idle deadlines (10 s by default), short so that the slow-connection test takes seconds. */
const DEADLINE_MS = 3_000;

beforeAll(async () => {
  server = await startInProcess({
    TRUST_PROXY: '1',
    SOCKET_TIMEOUT_MS: String(DEADLINE_MS),
    HEADERS_TIMEOUT_MS: String(DEADLINE_MS),
    // The upstream deadline stays below the socket's (config.ts says why).
    CATALOG_ORIGIN_TIMEOUT_MS: String(DEADLINE_MS - 1_000),
    // The rest of a body no route reads is discarded this long after the answer (5 s by default).
    UNREAD_BODY_GRACE_MS: '500',
  });
});
afterAll(async () => {
  await server.stop();
});

const get = (path: string, extra = '') =>
  rawRequest(server.url, `GET ${path} HTTP/1.1\r\nHost: x\r\n${from()}${extra}Connection: close\r\n\r\n`);

describe('requests Node refuses before any handler', () => {
  it('answers oversized headers with a 431 Problem carrying the rate-limit headers', async () => {
    const res = await get('/', `X-Big: ${'a'.repeat(20_000)}\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ status: 431, code: 'bad_request' });
    expect(res.headers['ratelimit-policy']).toBe(RATE_LIMIT_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a request-target too long to parse with a 414 Problem, oversized headers still with 431', async () => {
    // Sent in one write: the target is what overflows the 16 KiB head when it takes more than half of it.
    const long = await get(`/v1/biomarkers/public?template=${'a'.repeat(20_000)}`);
    expect(long.status).toBe(414);
    expect(long.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(long.body)).toMatchObject({ status: 414, code: 'bad_request' });
    expect(long.headers['ratelimit-policy']).toBe(RATE_LIMIT_POLICY);
    const both = await get(`/${'a'.repeat(12_000)}`, `X-Big: ${'b'.repeat(6_000)}\r\n`);
    expect(both.status).toBe(414);
    const headers = await get(`/${'a'.repeat(4_000)}`, `X-Big: ${'b'.repeat(14_000)}\r\n`);
    expect(headers.status).toBe(431);
  });

  it.each(['BREW', 'FOO', 'get'])(
    'answers the method %s, which Node does not know, with a 501 Problem',
    async (method) => {
      const res = await rawRequest(server.url, `${method} /v1/biomarkers/public HTTP/1.1\r\nHost: x\r\n${from()}\r\n`);
      expect(res.status).toBe(501);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(res.body)).toMatchObject({ status: 501, code: 'not_implemented' });
      expect(res.headers['ratelimit-policy']).toBe(RATE_LIMIT_POLICY);
    },
  );

  it('answers bytes that are no request line, and a version Node does not parse, with a 400 Problem', async () => {
    for (const request of [
      '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n',
      'GET / HTTP/1.2\r\nHost: x\r\n\r\n',
    ]) {
      const res = await rawRequest(server.url, Buffer.from(request, 'latin1'));
      expect(res.status, JSON.stringify(request)).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'bad_request' });
    }
  });

  it('answers CONNECT with a 405 Problem: this is no proxy', async () => {
    const res = await rawRequest(server.url, `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`);
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('refuses TRACE everywhere with a 405 Problem (Fetch forbids it)', async () => {
    for (const method of ['TRACE']) {
      for (const path of ['/v1/biomarkers/public', '/', '/nowhere']) {
        const res = await rawRequest(
          server.url,
          `${method} ${path} HTTP/1.1\r\nHost: x\r\n${from()}Connection: close\r\n\r\n`,
        );
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'method_not_allowed' });
        expect(res.headers['allow']).toMatch(/GET, HEAD/);
      }
    }
  });

  it.each(['PROPFIND', 'PURGE', 'PATCH'])(
    'answers %s on a known path with 405 and on an unknown one with 404',
    async (method) => {
      const known = await rawRequest(
        server.url,
        `${method} /v1/biomarkers/public HTTP/1.1\r\nHost: x\r\n${from()}Connection: close\r\n\r\n`,
      );
      expect(known.status).toBe(405);
      expect(known.headers['allow']).toBe('GET, HEAD, OPTIONS');
      const unknown = await rawRequest(
        server.url,
        `${method} /nowhere HTTP/1.1\r\nHost: x\r\n${from()}Connection: close\r\n\r\n`,
      );
      expect(unknown.status).toBe(404);
    },
  );

  it('counts a refused request against its peer: past the quota, a 429, and the peer itself is refused', async () => {
    // A raw 0xFF byte in the target, which Node's parser refuses; from a peer of its own (this file's other
    // refusals come from 127.0.0.1), standing for a proxy that passes such bytes on.
    const peer = '127.0.0.61';
    const malformed = Buffer.from('GET /x\xff HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1');
    const remaining: string[] = [];
    for (let i = 0; i < CATALOG_POLICY.limit; i += 1) {
      const res = await rawRequest(server.url, malformed, 5_000, peer);
      expect(res.status).toBe(400);
      remaining.push(res.headers['ratelimit-remaining'] ?? '');
    }
    expect(remaining.slice(0, 2)).toEqual([String(CATALOG_POLICY.limit - 1), String(CATALOG_POLICY.limit - 2)]);
    expect(remaining.at(-1)).toBe('0');
    const past = await rawRequest(server.url, malformed, 5_000, peer);
    expect(past.status).toBe(429);
    expect(JSON.parse(past.body)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(past.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(past.headers['ratelimit-remaining']).toBe('0');
    // Logged under the address that was counted, with what was refused.
    const line = server.output
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .findLast((entry) => entry['requestId'] === past.headers['x-request-id']);
    expect(line).toMatchObject({
      status: 429,
      refused: true,
      reason: 'malformed:HPE_INVALID_URL',
      client: '127.0.0.0/24',
    });
    // A well-formed request keyed by the peer (no X-Forwarded-For) is refused too; one the peer forwards for a
    // client is keyed by that client, whose quota is whole.
    const plain = `GET /robots.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
    expect((await rawRequest(server.url, plain, 5_000, peer)).status).toBe(429);
    const forwarded = await rawRequest(server.url, plain.replace('Host: x\r\n', `Host: x\r\n${from()}`), 5_000, peer);
    expect(forwarded.status).toBe(200);
    expect(forwarded.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
  });

  it('still serves normal requests afterwards', async () => {
    expect((await get('/v1/biomarkers/public?template=public-light-eu')).status).toBe(200);
  });
});

describe('path tricks never reach a file outside what is served', () => {
  const LEAKS = [/"dependencies"/, /\[core\]/, /import \{/, /root:x:/, /BEGIN [A-Z ]*PRIVATE KEY/];
  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/images/categories/..%2f..%2f..%2fpackage.json',
    '/images/categories/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/images/../../src/server/main.ts',
    '/_astro/..%2f..%2fsrc%2fserver%2fmain.ts',
    '/.env',
    '/.git/config',
    '/%2egit/config',
    '/images/categories/lipids.svg.bak',
    '/images/categories/lipids.svg%00.png',
    '/%00',
    '/\\/',
    '/..%5c..%5cpackage.json',
    '/package.json',
    '/src/server/main.ts',
    '/node_modules/astro/package.json',
    '/dist/server/entry.mjs',
    '/etc/passwd',
  ])('%s', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    for (const leak of LEAKS) expect(res.body).not.toMatch(leak);
  });
});

describe('redirects', () => {
  it.each(['/%5Cevil.com/', '/%2F%2Fevil.com/', '/%2f%2fevil.com/', '/%09/evil.com/', '/./evil.com/', '/\\evil.com/'])(
    '%s never redirects off this origin',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBeLessThan(500);
      if (res.headers['location'] !== undefined) expect(res.headers['location']).toMatch(/^\/(?![/\\])/);
    },
  );
});

describe('slow and idle connections', () => {
  it('keeps serving real clients while hundreds of connections idle or trickle headers, and closes those in bounded time', async () => {
    const opened: Socket[] = [];
    const closedAt: number[] = [];
    const started = performance.now();
    const open = (trickle: boolean) =>
      new Promise<void>((resolve) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => resolve());
        socket.on('error', () => undefined);
        socket.on('close', () => closedAt.push(performance.now() - started));
        if (trickle) {
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
          const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 500);
          socket.once('close', () => clearInterval(timer));
        }
        opened.push(socket);
      });
    await Promise.all(Array.from({ length: 300 }, (_, i) => open(i % 2 === 0)));
    const res = await get('/v1/biomarkers/public?template=public-light-eu');
    expect(res.status).toBe(200);
    // Answered while all 300 were still open: a server they held up would answer only once the first closed.
    expect(closedAt).toEqual([]);
    // Idle sockets close by the socket timeout, trickling ones by headersTimeout (checked every
    // DEADLINE_MS / 4). Wait for the last close rather than a fixed time, and allow a busy machine
    // (the full suite runs beside this) a margin: without those timeouts none would ever close.
    const deadline = performance.now() + 3 * DEADLINE_MS;
    while (closedAt.length < 300 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(closedAt.length).toBe(300);
    expect(Math.min(...closedAt)).toBeGreaterThanOrEqual(DEADLINE_MS - 50); // by the timeouts, not at once
    expect(Math.max(...closedAt)).toBeLessThan(3 * DEADLINE_MS);
    for (const socket of opened) socket.destroy();
  });
});

describe('a body no route reads', () => {
  it('answers a trickled body on a route that does not read it, then closes the connection in bounded time', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<number>((resolve) => {
      const started = performance.now();
      socket.once('close', () => resolve(performance.now() - started));
    });
    socket.write(
      'POST /v1/biomarkers/public HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.250\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const timer = setInterval(() => socket.writable && socket.write('1\r\na\r\n'), 200);
    const elapsed = await closed;
    clearInterval(timer);
    expect(received).toMatch(/^HTTP\/1\.1 405/);
    expect(received.toLowerCase()).toContain('allow: get, head, options');
    // UNREAD_BODY_GRACE_MS is 500 ms here: the rest of the body has that long after the answer. Only the grace can
    // close this socket (the trickle never ends and keeps it active, and Node's requestTimeout stops at the answer),
    // so a server without it fails by the test's timeout, twenty graces.
    expect(elapsed).toBeGreaterThan(450);
  }, 10_000);
});

describe('X-Forwarded-For behind one trusted proxy', () => {
  it('keys the client by the entry the proxy wrote, so spoofed entries to its left do not escape the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) {
      const res = await fetch(`${server.url}/nope`, {
        headers: { 'X-Forwarded-For': `203.0.113.${i}, 10.9.9.${i}, 192.0.2.77` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, CATALOG_POLICY.limit).every((status) => status === 404)).toBe(true);
    expect(statuses[CATALOG_POLICY.limit]).toBe(429);
  });
});

describe('requests that cost no quota', () => {
  it('refuses /healthz past 600 a minute from one client with a 429 Problem and Retry-After, leaving its quota whole', async () => {
    const headers = { 'X-Forwarded-For': '192.0.2.200' };
    const statuses: number[] = [];
    for (let i = 0; i < 600; i += 1)
      statuses.push((await server.site.request({ url: '/healthz', headers })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await server.site.request({ url: '/healthz', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const file = await server.site.request({ url: '/favicon.svg', headers });
    expect(file.statusCode).toBe(429);
    const page = await server.site.request({ url: '/robots.txt', headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
  });
});
