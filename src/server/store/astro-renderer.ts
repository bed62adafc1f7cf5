import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';

/** The `@astrojs/node` handler in middleware mode. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** Loads the handler of the built bundle (`dist/server/entry.mjs` at `entryUrl`). */
export const bundleHandler = (entryUrl: string) => async (): Promise<AstroHandler> =>
  ((await import(entryUrl)) as { handler: AstroHandler }).handler;

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
  readonly #load: () => Promise<AstroHandler>;
  #handler: Promise<AstroHandler> | undefined;

  /**
   * `load` gives Astro's handler, asked on the first render: the built bundle's (`bundleHandler`)
   * or, under `npm run dev`, the development server's.
   */
  constructor(load: () => Promise<AstroHandler>) {
    this.#load = load;
  }

  /** The Astro handler, loaded on first use. */
  #astro(): Promise<AstroHandler> {
    this.#handler ??= this.#load();
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
