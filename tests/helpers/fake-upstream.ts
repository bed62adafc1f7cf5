import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { smallCatalog } from './catalog-fixture.ts';

/** How the fake catalog origin answers. */
export type UpstreamMode =
  'ok' | 'slow' | 'status-500' | 'html' | 'truncated' | 'wrong-shape' | 'oversize' | 'trickle' | 'hang';

/** A catalog origin the test controls, on 127.0.0.1. */
export interface FakeUpstream {
  url: string;
  mode: UpstreamMode;
  /** Requests received so far. */
  hits: number;
  close(): Promise<void>;
}

function answer(mode: UpstreamMode, res: ServerResponse): void {
  const json = { 'Content-Type': 'application/json' };
  switch (mode) {
    case 'ok':
      return void res.writeHead(200, json).end(JSON.stringify(smallCatalog(5)));
    case 'slow': {
      // A valid answer after 1.5 s: keeps requests in flight, within any sane deadline.
      const timer = setTimeout(() => res.writeHead(200, json).end(JSON.stringify(smallCatalog(5))), 1500);
      res.once('close', () => clearTimeout(timer));
      return;
    }
    case 'status-500':
      return void res.writeHead(500, json).end('{"error":"boom"}');
    case 'html':
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Maintenance</body></html>');
    case 'truncated':
      return void res.writeHead(200, json).end(JSON.stringify(smallCatalog(5)).slice(0, 80));
    case 'wrong-shape':
      return void res.writeHead(200, json).end(JSON.stringify({ success: true, data: [{ id: 'seven' }] }));
    case 'oversize': {
      // 6 MiB streamed without Content-Length: the cap must be enforced while reading.
      res.writeHead(200, json);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 96; i += 1) res.write(chunk);
      return void res.end();
    }
    case 'trickle': {
      res.writeHead(200, json);
      const timer = setInterval(() => res.write(' '), 100);
      res.once('close', () => clearInterval(timer));
      return;
    }
    case 'hang':
      return; // never answers
  }
}

/** Starts a fake catalog origin in `mode`; change `mode` at any time. */
export async function startFakeUpstream(mode: UpstreamMode = 'ok'): Promise<FakeUpstream> {
  const sockets = new Set<Socket>();
  const state = { mode, hits: 0 };
  const server: Server = createServer((_req, res) => {
    state.hits += 1;
    answer(state.mode, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(next: UpstreamMode) {
      state.mode = next;
    },
    get hits() {
      return state.hits;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
