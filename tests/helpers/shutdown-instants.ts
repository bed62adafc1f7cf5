import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { ShutdownWait } from '../../src/server/shutdown.ts';

type What = Parameters<ShutdownWait>[0];

/** A shutdown's waits, each ended by the test at the instant it chooses (or at once, once `release`d). */
export interface ManualWaits {
  wait: ShutdownWait;
  /** Resolves, once the shutdown waits for `what`, with the function that ends that wait. */
  next(what: What): Promise<() => void>;
  /** Ends the waits for `what` pending now and every later one, each a turn of the event loop after it began. */
  release(what: What): void;
}

/** Waits that only the test ends: no timer, no real-time wait. */
export function manualWaits(): ManualWaits {
  const pending = new Map<What, Array<() => void>>();
  const takers = new Map<What, Array<(end: () => void) => void>>();
  const released = new Set<What>();
  const queue = <T>(map: Map<What, T[]>, what: What) => map.get(what) ?? map.set(what, []).get(what)!;
  return {
    wait: (what) =>
      new Promise<void>((resolve) => {
        if (released.has(what)) return void setImmediate(resolve);
        const taker = queue(takers, what).shift();
        if (taker === undefined) queue(pending, what).push(resolve);
        else taker(resolve);
      }),
    next: (what) =>
      new Promise((take) => {
        const end = queue(pending, what).shift();
        if (end === undefined) queue(takers, what).push(take);
        else take(end);
      }),
    release: (what) => {
      released.add(what);
      for (const end of queue(pending, what).splice(0)) setImmediate(end);
    },
  };
}

/** One response read off a raw connection, or the error that ended the connection instead. */
export type RawReply = { status: number; headers: Record<string, string>; body: string } | { error: string };

/** A raw client connection: what is written goes out as is; responses are read one by one, in order. */
export interface RawConnection {
  socket: Socket;
  write(request: string): void;
  /** The next response, or how the connection ended without one. */
  next(): Promise<RawReply>;
  /** Resolves when the server has closed the connection (`end`) or reset it (the error code). */
  closed: Promise<string>;
}

/** Opens a connection to 127.0.0.1:`port`; `onConnect` runs in the same turn as the client sees it established. */
export function openConnection(port: number, onConnect?: (connection: RawConnection) => void): RawConnection {
  const socket = connect(port, '127.0.0.1');
  let buffer = '';
  let ended: string | undefined;
  const replies: RawReply[] = [];
  const readers: Array<(reply: RawReply) => void> = [];
  const deliver = (reply: RawReply) => {
    const reader = readers.shift();
    if (reader === undefined) replies.push(reply);
    else reader(reply);
  };
  const parse = () => {
    for (let split = buffer.indexOf('\r\n\r\n'); split !== -1; split = buffer.indexOf('\r\n\r\n')) {
      const [statusLine = '', ...lines] = buffer.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < split + 4 + length) return;
      deliver({ status: Number(statusLine.split(' ')[1]), headers, body: buffer.slice(split + 4, split + 4 + length) });
      buffer = buffer.slice(split + 4 + length);
    }
  };
  const closed = new Promise<string>((resolve) => {
    const end = (how: string) => {
      ended ??= how;
      for (const reader of readers.splice(0)) reader({ error: ended });
      resolve(ended);
    };
    socket.on('end', () => end('end'));
    socket.on('error', (error: NodeJS.ErrnoException) => end(error.code ?? error.message));
    socket.on('close', () => end('close'));
  });
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    parse();
  });
  const connection: RawConnection = {
    socket,
    write: (request) => void socket.write(request),
    next: () =>
      new Promise((resolve) => {
        const reply = replies.shift();
        if (reply !== undefined) resolve(reply);
        else if (ended !== undefined) resolve({ error: ended });
        else readers.push(resolve);
      }),
    closed,
  };
  if (onConnect !== undefined) socket.once('connect', () => onConnect(connection));
  return connection;
}

/** A token request (client credentials), as a proxy forwards it: the request a reset loses for good. */
export const TOKEN_POST =
  'POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
  'Content-Length: 29\r\n\r\ngrant_type=client_credentials';

/** A readiness probe's request. */
export const HEALTH_GET = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';

/** The worker's side of `connectFromAnotherThread`: connect, write, signal, then report the first answer. */
const CONNECTING_THREAD = `
const { connect } = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { port, request, signal } = workerData;
const flag = new Int32Array(signal);
const socket = connect(port, '127.0.0.1');
let text = '';
const report = (reply) => { parentPort.postMessage(reply); socket.destroy(); };
socket.once('connect', () => socket.write(request, () => { Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }));
socket.on('data', (chunk) => {
  text += chunk.toString('latin1');
  const split = text.indexOf('\\r\\n\\r\\n');
  if (split === -1) return;
  const [statusLine, ...lines] = text.slice(0, split).split('\\r\\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  if (text.length >= split + 4 + Number(headers['content-length'] ?? 0)) report({ status: Number(statusLine.split(' ')[1]), headers });
});
socket.on('error', (error) => report({ error: error.code ?? error.message }));
socket.on('end', () => report({ error: 'end' }));
`;

/**
 * Connects and writes `request` from another thread while this one is blocked, and returns once it is written: the
 * kernel has completed the connection and holds the request, and this thread's server has not accepted it yet.
 */
export function connectFromAnotherThread(port: number, request: string): { reply: Promise<RawReply> } {
  const signal = new SharedArrayBuffer(4);
  const worker = new Worker(CONNECTING_THREAD, { eval: true, workerData: { port, request, signal } });
  const reply = new Promise<RawReply>((resolve) => worker.once('message', resolve)).finally(() => worker.terminate());
  // Blocks this thread, so its event loop cannot accept the connection meanwhile.
  if (Atomics.wait(new Int32Array(signal), 0, 0, 10_000) === 'timed-out')
    throw new Error('the other thread did not connect');
  return { reply };
}
