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

/** Astro as the renderer, loaded on the first render a request needs; start-up never loads the bundle. */
export class AstroRenderer {
  readonly #load: () => Promise<AstroHandler>;
  #handler: Promise<AstroHandler> | undefined;

  /** `load` gives Astro's handler on first render: the built bundle's, or the dev server's under `npm run dev`. */
  constructor(load: () => Promise<AstroHandler>) {
    this.#load = load;
  }

  /** The Astro handler, loaded on first use. */
  #astro(): Promise<AstroHandler> {
    this.#handler ??= this.#load();
    return this.#handler;
  }

  /**
   * Renders `path` for `accept`, uncompressed, injected in-process (light-my-request): no port anything else could
   * call, so nothing but the site can ask Astro for a render.
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
