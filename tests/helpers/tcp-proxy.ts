import { connect, createServer, type Socket } from 'node:net';
import { freePort } from './start-server.ts';

/** A TCP proxy on 127.0.0.1 that the test slows down at will, between a client and a server. */
export interface TcpProxy {
  port: number;
  /** Milliseconds every chunk waits in each direction from now on (0: forwarded at once). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** Forwards `chunk` after the current delay; timers of equal length fire in order, so the stream keeps its order. */
const forward = (to: Socket, delayMs: () => number) => (chunk: Buffer) => {
  const ms = delayMs();
  if (ms === 0) to.write(chunk);
  else setTimeout(() => to.writable && to.write(chunk), ms);
};

/** Starts a proxy to 127.0.0.1:`targetPort` on a free loopback port. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let delay = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on(
      'data',
      forward(upstream, () => delay),
    );
    upstream.on(
      'data',
      forward(client, () => delay),
    );
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    setDelay: (ms) => void (delay = ms),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
