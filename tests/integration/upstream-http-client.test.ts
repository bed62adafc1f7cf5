import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchUpstreamCatalog, UpstreamError } from '../../src/lib/catalog/fetch-upstream-catalog.ts';
import { smallCatalog } from '../helpers/catalog-fixture.ts';

// The site's own upstream client (node:http, no fetch option) against real loopback servers:
// the deadline, the size cap and the content decoding that fetch would provide must all hold.

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function origin(handler: RequestListener): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const call = (url: string, maxBytes = 64 * 1024) =>
  fetchUpstreamCatalog(url, 'public-light-eu', { timeoutMs: 400, maxBytes, headers: { 'Catalog-Origin-Key': 'k' } });

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return (error as UpstreamError).reason;
}

describe('the upstream client (node:http)', () => {
  it('sends the template, the key and Accept, and returns the validated catalog', async () => {
    let seen: { url?: string; headers?: IncomingHttpHeaders } = {};
    const url = await origin((req, res) => {
      seen = { url: req.url!, headers: req.headers };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(smallCatalog(3)));
    });
    expect((await call(url)).data).toHaveLength(3);
    expect(seen.url).toBe('/v1/biomarkers/public?template=public-light-eu');
    expect(seen.headers).toMatchObject({ accept: 'application/json', 'catalog-origin-key': 'k' });
  });

  it('decodes a gzip body', async () => {
    const url = await origin((_req, res) => {
      const body = gzipSync(JSON.stringify(smallCatalog(2)));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(body);
    });
    expect((await call(url)).data).toHaveLength(2);
  });

  it('caps the decoded size: a small gzip body that expands past the limit is too large', async () => {
    const url = await origin((_req, res) => {
      const body = gzipSync(Buffer.alloc(1024 * 1024, 0x20)); // about 1 KB on the wire
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(body);
    });
    expect(await reasonOf(call(url))).toBe('too-large');
  });

  it('stops reading a streamed body past the limit, and refuses an announced one unread', async () => {
    const url = await origin((req, res) => {
      if (req.url?.includes('announced')) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(1 << 30) });
        return void res.write(' ');
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      for (let i = 0; i < 8; i += 1) res.write(Buffer.alloc(16 * 1024, 0x20));
      res.end();
    });
    expect(await reasonOf(call(url))).toBe('too-large');
    expect(await reasonOf(call(`${url}/announced`))).toBe('too-large');
  });

  it('gives up within the deadline on a server that never answers, and on a body that trickles', async () => {
    const url = await origin((req, res) => {
      if (!req.url?.includes('trickle')) return; // never answers
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 50);
      res.once('close', () => clearInterval(timer));
    });
    // Neither ever ends on its own, and the trickle keeps the socket active: only the call's deadline (400 ms) ends
    // them, and it is what the error names.
    for (const target of [url, `${url}/trickle`]) {
      const error = await call(target).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ reason: 'timeout', message: expect.stringContaining('within 400 ms') });
    }
  });

  it('reports a body cut off by a closed connection as unreachable, not as a short body', async () => {
    const url = await origin((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"success":true,');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect(await reasonOf(call(url))).toBe('unreachable');
  });

  it('reports a refused connection as unreachable and a non-2xx answer as status', async () => {
    const url = await origin((_req, res) => res.writeHead(503, { 'Content-Type': 'application/json' }).end('{}'));
    expect(await reasonOf(call(url))).toBe('status');
    const refused = url;
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect(await reasonOf(call(refused))).toBe('unreachable');
  });
});
