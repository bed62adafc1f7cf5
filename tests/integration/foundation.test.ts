import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';
import { fetchAs, runToExit, startServer } from '../helpers/start-server.ts';

let server: InProcessServer;
let addressCounter = 0;
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => fetchAs(`198.51.100.${++addressCounter}`);

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: '1', UNREAD_BODY_GRACE_MS: '500' });
});
afterAll(async () => {
  await server.stop();
});

describe('rate limit', () => {
  it(`returns 429 with Retry-After after ${CATALOG_POLICY.limit} requests, and every response carries the headers`, async () => {
    const get = client();
    const responses: Response[] = [];
    for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) {
      // Mix static-ish, 404 and 405 responses: one limiter counts them all.
      const path = ['/', '/no-such-page', '/v1/biomarkers/public'][i % 3]!;
      responses.push(await get(server.url + path, { method: i % 7 === 0 ? 'DELETE' : 'GET' }));
    }
    responses.forEach((response, i) => {
      expect(response.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
      expect(response.headers.get('ratelimit-limit')).toBe(String(CATALOG_POLICY.limit));
      const remaining = Number(response.headers.get('ratelimit-remaining'));
      const reset = Number(response.headers.get('ratelimit-reset'));
      expect(remaining).toBe(Math.max(0, CATALOG_POLICY.limit - 1 - i));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(response.headers.get('ratelimit')).toBe(`"catalog";r=${remaining};t=${reset}`);
      if (i < CATALOG_POLICY.limit) expect(response.headers.get('retry-after')).toBeNull();
    });
    const refused = responses[CATALOG_POLICY.limit]!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBe(Number(refused.headers.get('ratelimit-reset')));
    expect(await refused.json()).toMatchObject({
      type: `${server.url}/developers#rate-limited`,
      status: 429,
      code: 'rate_limited',
      title: 'Too many requests',
    });
  });
});

describe('spoofed X-Forwarded-For without TRUST_PROXY', () => {
  it('cannot escape the limit', async () => {
    const plain = await startInProcess();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) {
        const response = await fetch(`${plain.url}/nope`, { headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, CATALOG_POLICY.limit).every((s) => s === 404)).toBe(true);
      expect(statuses[CATALOG_POLICY.limit]).toBe(429);
    } finally {
      await plain.stop();
    }
  });
});

describe('errors and methods', () => {
  it('answers an unknown path with a short Markdown 404 that links the sitemap and llms.txt', async () => {
    const response = await client()(`${server.url}/does/not/exist`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const body = await response.text();
    expect(body).toMatch(/^# Not found/);
    expect(body).toContain(`${server.url}/sitemap.xml`);
    expect(body).toContain(`${server.url}/llms.txt`);
    expect(body.length).toBeLessThan(1000);
  });

  it('gives a browser an HTML 404 with the same links, and a JSON client a Problem', async () => {
    const get = client();
    const html = await get(`${server.url}/missing`, { headers: { Accept: 'text/html,*/*;q=0.8' } });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toContain('/llms.txt');
    const json = await get(`${server.url}/missing`, { headers: { Accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ code: 'not_found', status: 404, instance: '/missing' });
  });

  it('refuses a request target that does not decode, with a 400 Problem', async () => {
    const response = await client()(`${server.url}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('baseline headers', () => {
  it('sends nosniff, a referrer and a permissions policy, CORS and noindex outside production on every response', async () => {
    const get = client();
    for (const path of ['/', '/nope', '/v1/biomarkers/public']) {
      const response = await get(server.url + path, { method: path === '/' ? 'DELETE' : 'GET' });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toBe(
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
      );
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining.*Retry-After.*ETag/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('puts a strict Content-Security-Policy on HTML, and denies powerful features to pages', async () => {
    const response = await client()(`${server.url}/`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(response.headers.get('permissions-policy')).toMatch(/^accelerometer=\(\), camera=\(\), .*usb=\(\)$/);
  });

  it('adds HSTS when BASE_URL is https, and drops noindex in production', async () => {
    const prod = await startInProcess({ BASE_URL: 'https://catalog.example', DEPLOY_ENV: 'production' });
    try {
      const response = await fetch(`${prod.url}/`);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('x-robots-tag')).toBeNull();
    } finally {
      await prod.stop();
    }
  });
});

describe('operations', () => {
  it('logs one JSON line per request without the query string', async () => {
    await client()(`${server.url}/nope?access_token=secret`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = server.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('"event":"request"'));
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.path === '/nope');
    expect(entry).toMatchObject({ method: 'GET', path: '/nope', status: 404 });
    expect(typeof entry.durationMs).toBe('number');
    expect(server.output.join('')).not.toContain('secret');
  });

  it.each([
    ['PORT', 'abc'],
    ['BASE_URL', 'not a url'],
    ['TRUST_PROXY', '-2'],
    ['DEPLOY_ENV', 'prod'],
  ])('refuses to start with %s=%s and names the variable', async (name, value) => {
    const { code, stderr } = await runToExit({ [name]: value });
    expect(code).not.toBe(0);
    expect(stderr).toContain(`${name}=`);
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('exits 0 on SIGTERM', async () => {
    const temp = await startServer();
    expect(await temp.stop()).toBe(0);
  });
});

describe('hostile bodies', () => {
  it('answers a trickled body on a route that does not read it, then closes the connection in bounded time', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(server.url).port);
    const socket = connect(port, '127.0.0.1');
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
    // UNREAD_BODY_GRACE_MS is 500 ms here: the rest of the body has that long after the answer.
    expect(elapsed).toBeLessThan(4_000);
  }, 10_000);
});
