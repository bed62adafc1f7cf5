import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogSink } from '../../../../src/lib/log/logger.ts';
import { createLogger } from '../../../../src/lib/log/logger.ts';
import { createQuotaLimiter } from '../../../../src/lib/rate-limit/policy-limiters.ts';
import { SLOW } from '../../../helpers/slow.ts';
import { createHttpServer, type ConfiguredTimeouts } from '../../../../src/server/http/create-http-server.ts';

/**
 * The review's reproduction with TEST_SLOW=1: 1,100 idle sockets from one address against the default cap and the
 * share of an instance reached directly; in `npm test` the same scaled down, since a connect costs a few ms here.
 */
const IDLE = SLOW
  ? { maxConnections: 1024, share: 256, sockets: 1_100 }
  : { maxConnections: 64, share: 8, sockets: 80 };

/** A connection that sends one request and keeps the socket; resolves with the first bytes, or '' once closed. */
const oneRequest = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('close', () => resolve(''));
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  });

/** A connection to `port` from `localAddress` (Linux routes all of 127/8 to the loopback interface). */
const from = (localAddress: string, port: number) => connect({ port, host: '127.0.0.1', localAddress });

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(handler: Parameters<typeof createHttpServer>[0], timeouts?: ConfiguredTimeouts) {
  const errors: string[] = [];
  const sink: LogSink = { info: () => undefined, error: (line) => void errors.push(line) };
  const server = createHttpServer(handler, {
    baseUrl: 'https://api.example',
    limiter: createQuotaLimiter(10),
    baseline: [['X-Content-Type-Options', 'nosniff']],
    logger: createLogger('info', sink),
    ...(timeouts === undefined ? {} : { timeouts }),
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, errors };
}

describe('createHttpServer', () => {
  it.each([
    [
      'throws synchronously',
      () => {
        throw new Error('sync boom');
      },
    ],
    [
      'rejects',
      async () => {
        throw new Error('async boom');
      },
    ],
  ])('answers a handler that %s with a 500 Problem and logs the stack', async (_name, handler) => {
    const { url, errors } = await serve(handler);
    const res = await fetch(`${url}/x`);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'internal_error', type: 'https://api.example/developers#internal-error' });
    expect(JSON.stringify(body)).not.toMatch(/boom|\bat /);
    expect(errors.join('')).toMatch(/unhandled_exception.*boom.*\\n\s+at /s);
  });

  it('holds at most maxConnections open whatever the addresses: kept-alive sockets count, the next is closed unanswered', async () => {
    const { url } = await serve((_req, res) => void res.end('ok'), { maxConnections: 4 });
    const port = Number(new URL(url).port);
    // One connection from each of four addresses, each its whole share (a quarter of 4).
    const kept = [11, 12, 13, 14].map((host) => from(`127.0.0.${host}`, port));
    for (const answer of await Promise.all(kept.map(oneRequest))) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await oneRequest(from('127.0.0.15', port))).toBe('');
    const closed = new Promise((resolve) => kept[0]!.once('close', resolve));
    kept[0]!.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await oneRequest(from('127.0.0.15', port))).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of kept) socket.destroy();
  });

  it(`gives one address at most its share: ${IDLE.sockets} idle sockets, another address is answered`, async () => {
    const { url } = await serve((_req, res) => void res.end('ok'), {
      maxConnections: IDLE.maxConnections,
      maxConnectionsPerClient: IDLE.share,
    });
    const port = Number(new URL(url).port);
    // More idle sockets than the whole cap, from one address, that never send a byte; in batches within the
    // listen backlog (511), which would otherwise delay connects by SYN retries.
    const idle: Socket[] = [];
    for (let batch = 0; batch < IDLE.sockets; batch += 100) {
      const sockets = Array.from({ length: Math.min(100, IDLE.sockets - batch) }, () =>
        from('127.0.0.21', port).on('error', () => undefined),
      );
      idle.push(...sockets);
      await Promise.all(
        sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve).once('close', resolve))),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idle.filter((socket) => !socket.destroyed)).toHaveLength(IDLE.share);
    expect(await oneRequest(from('127.0.0.21', port))).toBe('');
    for (const host of [22, 23, 24])
      expect(await oneRequest(from(`127.0.0.${host}`, port))).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of idle) socket.destroy();
  });
});
