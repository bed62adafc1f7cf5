import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The `@astrojs/node` handler in middleware mode. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** What Astro rendered for a path: to be prepared and stored, or passed on once (an error state). */
export interface Rendered {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Astro as the site's renderer, loaded only when a request needs it: the first render of a
 * data-driven page for a new data version (or of a page the build did not prepare). The
 * start-up path never loads the Astro bundle, and no request is answered by it directly.
 */
export class AstroRenderer {
  readonly #entryUrl: string;
  readonly #onLoad: () => void;
  #handler: Promise<AstroHandler> | undefined;
  #origin: Promise<string> | undefined;

  /** `entryUrl`: the built `dist/server/entry.mjs`; `onLoad` is told once, when the bundle is first loaded. */
  constructor(entryUrl: string, onLoad: () => void = () => {}) {
    this.#entryUrl = entryUrl;
    this.#onLoad = onLoad;
  }

  /** The Astro handler, imported on first use. */
  #astro(): Promise<AstroHandler> {
    this.#handler ??= import(this.#entryUrl).then((entry: { handler: AstroHandler }) => {
      this.#onLoad();
      return entry.handler;
    });
    return this.#handler;
  }

  /**
   * Renders `path` as a client sending `accept` would get it, uncompressed. Astro renders
   * through its own private loopback listener, as a backend behind a cache does: nothing
   * wraps a response the site is writing.
   */
  async render(path: string, accept: string): Promise<Rendered> {
    const response = await fetch(`${await this.#privateOrigin()}${path}`, {
      headers: { Accept: accept, 'Accept-Encoding': 'identity' },
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      text: await response.text(),
    };
  }

  #privateOrigin(): Promise<string> {
    this.#origin ??= this.#astro().then(
      (handler) =>
        new Promise<string>((resolve, reject) => {
          const server = createServer((req, res) => void handler(req, res));
          server.once('error', reject);
          // Loopback and an ephemeral port: reachable from this process only, never published.
          server.listen(0, '127.0.0.1', () => {
            server.unref();
            resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
          });
        }),
    );
    return this.#origin;
  }
}
