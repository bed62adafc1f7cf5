import { connect, type Socket } from 'node:net';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/lib/log/logger.ts';
import { listen } from '../../src/server/http/create-http-server.ts';
import { createMetricsServer } from '../../src/server/steps/metrics-server.ts';
import { eventually } from '../helpers/eventually.ts';
import { rawRequest } from '../helpers/raw-http.ts';

/**
 * Limits a tenth of the real ones or less, so each cut shows within two seconds. The header deadline is four times the
 * socket timeout, so each test's cut has one cause: at equal limits a connection that sends nothing meets both at
 * once, and on a loaded machine Node's header check may come first with its 408; at four times, only a stall of the
 * event loop longer than the header deadline lets it.
 */
const LIMITS = {
  headersTimeoutMs: 1600,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 300,
  socketTimeoutMs: 400,
  maxConnections: 4,
  maxConnectionsPerClient: 2,
};

/** The error lines the metrics server logged, as event and fields. */
const errors: Array<Record<string, unknown>> = [];
const logger: Logger = { info: () => undefined, error: (event, fields) => void errors.push({ event, ...fields }) };
const logged = (event: string) => errors.filter((line) => line['event'] === event);

const server = createMetricsServer(new Registry(), logger, LIMITS);
let url = '';

beforeAll(async () => {
  url = `http://${await listen(server, 0, '127.0.0.1')}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The server's open connections, as it counts them. */
const open = () =>
  new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/**
 * Opens a connection from `localAddress`, writes `bytes`, then one more header byte every `trickleMs` if given (never
 * the blank line); resolves with what came back once the server closes it.
 */
function heldOpen(bytes: string, trickleMs?: number, localAddress = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    let reply = '';
    let timer: NodeJS.Timeout | undefined;
    const { port } = new URL(url);
    const socket: Socket = connect({ port: Number(port), host: '127.0.0.1', localAddress }, () => {
      socket.write(bytes);
      if (trickleMs !== undefined) timer = setInterval(() => socket.writable && socket.write('a'), trickleMs);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(reply);
    });
  });
}

const SCRAPE = 'GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';

describe('the metrics port', () => {
  it('cuts a client that trickles its headers (slowloris) with a 408 once the header timeout fires, and logs it', async () => {
    // A byte every 100 ms keeps the socket timeout (400 ms of silence) from firing: only the header deadline can cut.
    const reply = await heldOpen('GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ', 100);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(logged('metrics_client_error')).toContainEqual(
      expect.objectContaining({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
    );
  });

  it('cuts a connection that sends nothing once the socket timeout fires, and logs it', async () => {
    const before = logged('metrics_socket_timeout').length;
    expect(await heldOpen('')).toBe('');
    expect(logged('metrics_socket_timeout').length).toBeGreaterThan(before);
  });

  it('refuses connections over its cap, logs them, and still serves a scrape once they are gone', async () => {
    // Two peers, each holding its whole share (Linux routes all of 127/8 to the loopback interface).
    const idle = ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3'].map((from) => heldOpen('', undefined, from));
    await eventually(async () => (await open()) === LIMITS.maxConnections);
    expect(await heldOpen(SCRAPE, undefined, '127.0.0.4')).toBe('');
    expect(logged('metrics_connection_dropped')).not.toHaveLength(0);
    await Promise.all(idle);
    expect((await rawRequest(url, SCRAPE)).status).toBe(200);
  });

  it('keeps a connection for the scraper while one peer holds as many idle sockets as the cap', async () => {
    const idle = Array.from({ length: LIMITS.maxConnections * 2 }, () => heldOpen('', undefined, '127.0.0.5'));
    await eventually(async () => (await open()) === LIMITS.maxConnectionsPerClient);
    expect((await rawRequest(url, SCRAPE)).status).toBe(200);
    expect(await heldOpen(SCRAPE, undefined, '127.0.0.5')).toBe('');
    await Promise.all(idle);
  });
});
