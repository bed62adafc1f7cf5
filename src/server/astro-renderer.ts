import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';

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
   * Renders `path` as a client sending `accept` would get it, uncompressed: the request is
   * injected into Astro's handler in this process (light-my-request), so no socket, port or
   * listener exists that anything else could call (issue 30).
   */
  async render(path: string, accept: string): Promise<Rendered> {
    const response = await inject(await this.#astro(), {
      method: 'GET',
      url: path,
      headers: { accept, 'accept-encoding': 'identity' },
    });
    const contentType = response.headers['content-type'];
    return {
      status: response.statusCode,
      contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
      text: response.payload,
    };
  }
}
