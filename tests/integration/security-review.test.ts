import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-http.ts';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * The findings of the security reviews, each sent as the reviewer sent it: every test here failed
 * on the code the review read (docs/security.md lists what each defends).
 */
let server: RunningServer;
let addressCounter = 0;
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => fetchAs(`203.0.113.${++addressCounter}`);

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.stop();
});

describe('the rate limit counts what it should', () => {
  it('counts an OPTIONS that is not a CORS preflight, on any path', async () => {
    const get = client();
    for (let i = 0; i < 3; i += 1) {
      const response = await get(`${server.url}/nope-${i}`, { method: 'OPTIONS', headers: { Accept: 'text/html' } });
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
    expect((await get(`${server.url}/robots.txt`)).headers.get('ratelimit-remaining')).toBe('56');
  });

  it('lets a CORS preflight on a known route cost nothing', async () => {
    const get = client();
    const preflight = { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' };
    for (let i = 0; i < 3; i += 1) {
      const response = await get(`${server.url}/v1/biomarkers/public`, { method: 'OPTIONS', headers: preflight });
      expect(response.status).toBe(204);
    }
    expect((await get(`${server.url}/robots.txt`)).headers.get('ratelimit-remaining')).toBe(
      String(CATALOG_POLICY.limit - 1),
    );
  });

  it('counts a CORS preflight to a marker key that does not exist, answered with the usual 404', async () => {
    const get = client();
    const preflight = { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' };
    for (let i = 0; i < 3; i += 1) {
      const response = await get(`${server.url}/biomarkers/nokey-000${i}`, {
        method: 'OPTIONS',
        headers: { ...preflight, Accept: 'application/json' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    const known = await get(`${server.url}/biomarkers/hs-crp`, { method: 'OPTIONS', headers: preflight });
    expect(known.status).toBe(204);
    expect((await get(`${server.url}/robots.txt`)).headers.get('ratelimit-remaining')).toBe('56');
  });

  it('never refuses the health probe, which still reports the quota', async () => {
    const get = client();
    for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) await (await get(`${server.url}/robots.txt`)).arrayBuffer();
    const probe = await get(`${server.url}/healthz`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('ratelimit-remaining')).toBe('0');
    expect(probe.headers.get('retry-after')).toBeNull();
  });
});

describe('the build output', () => {
  const script = '/pagefind/pagefind-ui.js';

  it('ships no source text in its source maps: the image copies dist/ whole', () => {
    const dist = new URL('../../dist/', import.meta.url);
    const maps = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
    for (const file of maps) {
      const map = JSON.parse(readFileSync(new URL(file, dist), 'utf8')) as { sourcesContent?: unknown };
      expect(map.sourcesContent, file).toBeUndefined();
    }
  });

  it('gives each coding of a file its own strong ETag (conditional-requests.test.ts revalidates across them)', async () => {
    const get = client();
    const plain = await get(`${server.url}${script}`, { headers: { 'Accept-Encoding': 'identity' } });
    const gzip = await get(`${server.url}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(plain.status).toBe(200);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const tag = plain.headers.get('etag')!;
    expect(gzip.headers.get('etag')).toBe(`${tag.slice(0, -1)}-gzip"`);
  });

  it('serves SVG images with a policy that lets no script run', async () => {
    const response = await client()(`${server.url}/favicon.svg`);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});

describe('pages keep to their own origin', () => {
  it('sends pages, and the browser error pages, with COOP and CORP same-origin; the API stays readable anywhere', async () => {
    const get = client();
    for (const path of ['/developers', '/no-such-page']) {
      const page = await get(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(page.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
    const catalog = await get(`${server.url}/v1/biomarkers/public`);
    expect(catalog.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(catalog.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('request targets', () => {
  it('refuses a path that resolves to a reference to another host, never naming it', async () => {
    const response = await rawRequest(
      server.url,
      'GET /x/..//evil.com/x HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.body).not.toContain('evil.com');
  });
});

describe('filtered views of the biomarker browser', () => {
  it('keeps a filtered view out of shared caches and never echoes an unknown filter value', async () => {
    const response = await client()(
      `${server.url}/biomarkers?q=zzz&region=Catalog%20withdrawn%20-%20see%20evil.example`,
      { headers: { Accept: 'text/html' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(
      /^private, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    const html = await response.text();
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<code>region</code>');
    const markdown = await client()(`${server.url}/biomarkers.md?region=see%20evil.example`);
    expect(markdown.headers.get('cache-control')).toMatch(/^private, /);
    expect(await markdown.text()).not.toContain('evil.example');
  });

  it('builds a view’s Content-Security-Policy from the page, never from the query filled in', async () => {
    const get = client();
    const page = await get(`${server.url}/biomarkers`);
    const script = encodeURIComponent('<script>alert(document.domain)</script>');
    const attacked = await get(`${server.url}/biomarkers?q=${script}`);
    expect(attacked.status).toBe(200);
    expect(await attacked.text()).toContain('value="<script>alert(document.domain)</script>"');
    expect(attacked.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
  });
});

describe('HTTP/1.1 framing at the edges', () => {
  const send = (request: string) => rawRequest(server.url, request);

  it('accepts the absolute-form of a request target (RFC 9112 §3.2.2)', async () => {
    const response = await send(
      'GET http://api.example/healthz HTTP/1.1\r\nHost: api.example\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ status: 'ok' });
  });

  it('answers OPTIONS * with the methods of the server', async () => {
    const response = await send('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(204);
    expect(response.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
    expect(response.headers['ratelimit-policy']).toBeDefined();
  });

  it.each([
    [
      'two Host headers',
      'GET /healthz HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n',
      400,
    ],
    ['no Host header', 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    [
      'an expectation other than 100-continue',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n\r\n',
      417,
    ],
  ])('refuses a request with %s with a logged Problem carrying every header', async (_name, request, status) => {
    const response = await send(request);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.headers['x-request-id']).toBeDefined();
    expect(response.headers['ratelimit-policy']).toBeDefined();
    expect(JSON.parse(response.body)).toMatchObject({ status, type: expect.stringContaining('#bad-request') });
  });

  it('refuses a token body declared too large before asking for it (Expect: 100-continue)', async () => {
    const response = await send(
      'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Content-Length: 99999\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(413);
  });

  it('asks for a token body within the limit with 100 Continue, then answers it', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(server.url);
    const body = 'grant_type=client_credentials';
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(
      'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    let received = '';
    await new Promise<void>((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        const first = received === '';
        received += chunk.toString('utf8');
        if (first && received.startsWith('HTTP/1.1 100 Continue')) socket.write(body);
      });
      socket.on('end', resolve);
      socket.on('error', reject);
    });
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(received).toContain('"token_type":"Bearer"');
  });
});

/** The TCP ports process `pid` listens on, from /proc (sockets it holds, in state LISTEN). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith('socket:[')) inodes.add(link.slice('socket:['.length, -1));
    } catch {
      // A descriptor closed while being listed.
    }
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; field 9 is the inode.
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

describe('the Astro renderer', () => {
  it('renders in the process: after a data-driven render, the only listeners are the site and its origin', async () => {
    const response = await client()(`${server.url}/biomarkers?q=ferritin`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Ferritin');
    const expected = [Number(new URL(server.url).port), Number(new URL(server.originUrl).port)];
    expect(listeningPorts(server.child.pid!)).toEqual(expected.sort((a, b) => a - b));
  });
});
