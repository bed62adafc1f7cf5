import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../scripts/bench/latency-histogram.ts';
import { drive, parseHead } from '../../scripts/bench/load.ts';

// The benchmark's numbers are only as good as its load generator: it must count every
// response exactly once, whatever way the bytes arrive.

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A raw server answering each request with `respond(n)`, written in the pieces it returns, one per turn. */
async function rawServer(respond: (n: number) => string[]): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((socket: Socket) => {
    let pending = '';
    socket.on('data', async (data) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
        seen.push(pending.slice(0, end));
        pending = pending.slice(end + 4);
        for (const piece of respond(seen.length)) {
          if (socket.destroyed) return;
          socket.write(piece);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/v1/x?template=a`, seen };
}

describe('bench load generator', () => {
  it('counts each response once when heads and bodies arrive split anywhere', async () => {
    const body = 'x'.repeat(3000);
    const { url, seen } = await rawServer((n) => {
      const response =
        n % 3 === 0
          ? 'HTTP/1.1 304 Not Modified\r\nETag: "a"\r\n\r\n'
          : `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nCONTENT-Length: ${body.length}\r\n\r\n${body}`;
      // Cut at awkward places: inside the status line, between CR and LF of the blank line, in the body.
      const cuts = [5, response.indexOf('\r\n\r\n') + 1, response.indexOf('\r\n\r\n') + 3, response.length - 7];
      return cuts.map((cut, i) => response.slice(i === 0 ? 0 : cuts[i - 1], cut)).concat(response.slice(cuts.at(-1)));
    });
    const result = await drive(url, { 'accept-encoding': 'gzip' }, 0.4, 4);
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(10);
    // Requests still in flight at the deadline are answered but not counted, so seen ≥ counted.
    expect(seen.length - result.requests).toBeLessThanOrEqual(4);
    expect((result.statuses['200'] ?? 0) + (result.statuses['304'] ?? 0)).toBe(result.requests);
    expect(result.statuses['304']).toBeGreaterThan(0);
    expect(seen[0]).toMatch(/^GET \/v1\/x\?template=a HTTP\/1\.1\r\n/);
    expect(seen[0]).toContain('accept-encoding: gzip');
    // Every request comes from its own client address until the pool wraps.
    const addresses = seen.map((head) => /x-forwarded-for: (\S+)/.exec(head)?.[1]);
    expect(new Set(addresses).size).toBe(seen.length);
  });

  it('reports a refused connection as an error, not as a response', async () => {
    const { url } = await rawServer(() => []);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const result = await drive(url, {}, 0.2, 2);
    expect(result).toMatchObject({ requests: 0, errors: 2, p99: 0 });
  });

  it('reads status and Content-Length from a head in any letter case', () => {
    const head = Buffer.from('HTTP/1.1 404 Not Found\r\nX-A: 1\r\ncOnTeNt-LeNgTh:  42\r\n\r\n');
    expect(parseHead(head, head.length)).toEqual({ status: 404, bodyLength: 42 });
    const none = Buffer.from('HTTP/1.1 204 No Content\r\nContent-Type: x\r\n\r\n');
    expect(parseHead(none, none.length)).toEqual({ status: 204, bodyLength: 0 });
  });
});

describe('LatencyHistogram', () => {
  it('gives percentiles to 10 µs and the exact maximum', () => {
    const histogram = new LatencyHistogram();
    expect(histogram.percentile(0.99)).toBe(0);
    for (let ms = 1; ms <= 100; ms += 1) histogram.record(ms - 0.005);
    expect(histogram.count).toBe(100);
    expect(histogram.percentile(0.5)).toBe(50);
    expect(histogram.percentile(0.99)).toBe(99);
    expect(histogram.max).toBe(100);
  });

  it('keeps samples beyond its range in the last bucket and in the maximum', () => {
    const histogram = new LatencyHistogram();
    histogram.record(0.5);
    histogram.record(5000);
    expect(histogram.percentile(1)).toBe(2000);
    expect(histogram.max).toBe(5000);
  });
});
