import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { BiomarkerCatalog } from '../../src/lib/schemas/catalog.ts';
import { smallCatalog } from './catalog-fixture.ts';

/** How the fake catalog origin answers. */
export type UpstreamMode =
  'ok' | 'slow' | 'held' | 'status-500' | 'html' | 'truncated' | 'wrong-shape' | 'oversize' | 'trickle' | 'hang';

/** What the fake origin serves in `ok` mode for a `template` value (null when the query names none). */
type CatalogFor = (template: string | null) => BiomarkerCatalog;

/** A catalog origin the test controls, on 127.0.0.1. */
export interface FakeUpstream {
  url: string;
  mode: UpstreamMode;
  /** The data served in `ok` mode; five test markers for every template unless a test sets it. */
  catalog: CatalogFor;
  /** Requests received so far. */
  hits: number;
  /** Requests received and not yet finished or abandoned. */
  open: number;
  /** The most requests that were open at once. */
  mostOpen: number;
  /** Answers every request held in `held` mode so far, as `ok` would. */
  release(): void;
  close(): Promise<void>;
}

function answer(mode: UpstreamMode, res: ServerResponse, catalog: () => BiomarkerCatalog, held: Set<() => void>): void {
  const json = { 'Content-Type': 'application/json' };
  switch (mode) {
    case 'ok':
      return void res.writeHead(200, json).end(JSON.stringify(catalog()));
    case 'slow': {
      // A valid answer after 1.5 s: keeps requests in flight, within any sane deadline.
      const timer = setTimeout(() => res.writeHead(200, json).end(JSON.stringify(catalog())), 1500);
      res.once('close', () => clearTimeout(timer));
      return;
    }
    case 'held': {
      // A valid answer when the test says so: in flight for exactly as long as the test needs.
      const send = () => res.writeHead(200, json).end(JSON.stringify(catalog()));
      held.add(send);
      res.once('close', () => held.delete(send));
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
  const held = new Set<() => void>();
  const state: { mode: UpstreamMode; hits: number; open: number; mostOpen: number; catalog: CatalogFor } = {
    mode,
    hits: 0,
    open: 0,
    mostOpen: 0,
    catalog: () => smallCatalog(5),
  };
  const server: Server = createServer((req, res) => {
    state.hits += 1;
    state.open += 1;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    res.once('close', () => (state.open -= 1)); // answered, or abandoned by the client
    const template = new URL(req.url ?? '/', 'http://upstream.invalid').searchParams.get('template');
    answer(state.mode, res, () => state.catalog(template), held);
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
    get open() {
      return state.open;
    },
    get mostOpen() {
      return state.mostOpen;
    },
    get catalog() {
      return state.catalog;
    },
    set catalog(next: CatalogFor) {
      state.catalog = next;
    },
    release: () => {
      for (const send of [...held]) send();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
