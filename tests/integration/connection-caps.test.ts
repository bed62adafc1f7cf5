import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/log/logger.ts';
import { createQuotaLimiter } from '../../src/lib/rate-limit/policy-limiters.ts';
import { createHttpServer, listen, type ConfiguredTimeouts } from '../../src/server/http/create-http-server.ts';
import { eventually } from '../helpers/eventually.ts';
import { SLOW } from '../helpers/slow.ts';

/**
 * The review's reproduction with TEST_SLOW=1: 1,100 idle sockets from one address against the default cap and the
 * share of an instance reached directly; in `npm test` the same scaled down, since a connect costs a few ms here.
 */
const IDLE = SLOW
  ? { maxConnections: 1024, share: 256, sockets: 1_100 }
  : { maxConnections: 64, share: 8, sockets: 80 };

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.close();
});

/** A connection to `port` from `localAddress` (Linux routes all of 127/8 to the loopback interface). */
function from(localAddress: string, port: number): Socket {
  const socket = connect({ port, host: '127.0.0.1', localAddress }).on('error', () => undefined);
  sockets.push(socket);
  return socket;
}

/** Sends one request and keeps the socket; resolves with the first bytes back, or '' once the server closed it. */
const oneRequest = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('close', () => resolve(''));
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  });

/** A server answering every request with 200 under `timeouts`, listening on a free loopback port. */
async function serve(timeouts: ConfiguredTimeouts): Promise<number> {
  const server = createHttpServer((_req, res) => void res.end('ok'), {
    baseUrl: 'https://api.example',
    limiter: createQuotaLimiter(10),
    baseline: [],
    logger: createLogger('info', { info: () => undefined, error: () => undefined }),
    timeouts,
  });
  servers.push(server);
  const bound = await listen(server, 0, '127.0.0.1');
  return Number(bound.slice(bound.lastIndexOf(':') + 1));
}

const ANSWERED = /^HTTP\/1\.1 200 /;

describe('the connection cap of the site port', () => {
  it('holds at most maxConnections open whatever the addresses: kept-alive sockets count, the next is closed unanswered', async () => {
    const port = await serve({ maxConnections: 4 });
    // One connection from each of four addresses, each its whole share (a quarter of 4).
    const kept = [11, 12, 13, 14].map((host) => from(`127.0.0.${host}`, port));
    for (const answer of await Promise.all(kept.map(oneRequest))) expect(answer).toMatch(ANSWERED);
    expect(await oneRequest(from('127.0.0.15', port))).toBe('');
    kept[0]!.destroy();
    // The server counts the closed socket out once it has seen the close: from then on the fifth address gets in.
    await eventually(async () => ANSWERED.test(await oneRequest(from('127.0.0.15', port))));
  });
});

describe('the share of one address', () => {
  it(`gives one address at most its share: ${IDLE.sockets} idle sockets, another address is answered`, async () => {
    const port = await serve({ maxConnections: IDLE.maxConnections, maxConnectionsPerClient: IDLE.share });
    // More idle sockets than the whole cap, from one address, that never send a byte; in batches within the
    // listen backlog (511), which would otherwise delay connects by SYN retries.
    const idle: Socket[] = [];
    for (let batch = 0; batch < IDLE.sockets; batch += 100) {
      const opened = Array.from({ length: Math.min(100, IDLE.sockets - batch) }, () => from('127.0.0.21', port));
      idle.push(...opened);
      await Promise.all(
        opened.map((socket) => new Promise((resolve) => socket.once('connect', resolve).once('close', resolve))),
      );
    }
    await eventually(async () => idle.filter((socket) => !socket.destroyed).length === IDLE.share);
    expect(await oneRequest(from('127.0.0.21', port))).toBe('');
    for (const host of [22, 23, 24]) expect(await oneRequest(from(`127.0.0.${host}`, port))).toMatch(ANSWERED);
    expect(idle.filter((socket) => !socket.destroyed)).toHaveLength(IDLE.share);
  });
});
