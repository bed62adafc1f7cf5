import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/lib/log/logger.ts';
import { createMetricsServer } from '../../../../src/server/steps/metrics-server.ts';

/** Limits a tenth of the real ones or less, so each cut shows within a second. */
const LIMITS = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 300,
  socketTimeoutMs: 400,
  maxConnections: 4,
  maxConnectionsPerClient: 2,
};

const errors: string[] = [];
const logger = createLogger('info', { info: () => undefined, error: (line) => errors.push(line) });
const server = createMetricsServer(new Registry(), logger, LIMITS);
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * Opens a connection, writes `bytes`, then one more header byte every `trickleMs` if given (never the blank line);
 * resolves when the server closes it, with the ms it took and what came back.
 */
function heldOpen(
  bytes: string,
  trickleMs?: number,
  localAddress = '127.0.0.1',
): Promise<{ ms: number; reply: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let reply = '';
    let timer: NodeJS.Timeout | undefined;
    const socket: Socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      socket.write(bytes);
      if (trickleMs !== undefined) timer = setInterval(() => socket.writable && socket.write('a'), trickleMs);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - started, reply });
    });
  });
}

describe('the metrics server', () => {
  it('cuts a client that trickles its headers (slowloris) within the header timeout, and logs it', async () => {
    const { ms, reply } = await heldOpen('GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ', 100);
    expect(ms).toBeLessThan(2_000);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(errors.some((line) => line.includes('"metrics_client_error"'))).toBe(true);
  });

  it('cuts a connection that sends nothing within the socket timeout, and logs it', async () => {
    const { ms } = await heldOpen('');
    expect(ms).toBeLessThan(2_000);
    expect(errors.some((line) => line.includes('"metrics_socket_timeout"'))).toBe(true);
  });

  it('refuses connections over its cap, logs them, and still serves a scrape once they are gone', async () => {
    // Two peers, each holding its whole share (Linux routes all of 127/8 to the loopback interface).
    const idle = ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3'].map((from) => heldOpen('', undefined, from));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await heldOpen('GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n', undefined, '127.0.0.4');
    expect(refused.reply).toBe('');
    expect(errors.some((line) => line.includes('"metrics_connection_dropped"'))).toBe(true);
    await Promise.all(idle);
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
  });

  it('keeps a connection for the scraper while one peer holds as many idle sockets as the cap', async () => {
    const idle = Array.from({ length: LIMITS.maxConnections * 2 }, () => heldOpen('', undefined, '127.0.0.5'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
    expect((await heldOpen('GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n', undefined, '127.0.0.5')).reply).toBe('');
    await Promise.all(idle);
  });

  it('serves GET and HEAD on /metrics only', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'HEAD' })).status).toBe(200);
  });
});
