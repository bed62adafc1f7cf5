import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';
import type { RenderServices } from '../../lib/site-pages/render-services.ts';

/** Astro's handler as the renderer calls it: one request, with the `locals` its render starts from. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, locals: RenderServices) => Promise<void> | void;

/** The `@astrojs/node` handler in middleware mode: it passes `locals` to the app's render. */
type AdapterHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: RenderServices,
) => Promise<void> | void;

/** Loads the handler of the built bundle (`dist/server/entry.mjs` at `entryUrl`). */
export const bundleHandler = (entryUrl: string) => async (): Promise<AstroHandler> => {
  const { handler } = (await import(entryUrl)) as { handler: AdapterHandler };
  // No `next`: a path no route matches is rendered by Astro too (a 404), never passed on.
  return (req, res, locals) => handler(req, res, undefined, locals);
};

/** Where Astro's development server reads a request's `locals` (`astro/dist/core/constants.js`). */
const DEVELOPMENT_LOCALS = Symbol.for('astro.locals');

/** The handler of Astro's development server (`npm run dev`), which takes `locals` from the request itself. */
export const developmentHandler =
  (handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void): AstroHandler =>
  (req, res, locals) => {
    Reflect.set(req, DEVELOPMENT_LOCALS, locals);
    return handle(req, res);
  };

/** What Astro rendered for a path: to be prepared and stored, or passed on once (an error state). */
export interface Rendered {
  status: number;
  contentType: string;
  text: string;
  /** The render's `Last-Modified`, where it sent one (the changelog's feeds). */
  lastModified?: string;
}

/** Astro as the renderer, loaded on the first render a request needs; start-up never loads the bundle. */
export class AstroRenderer {
  readonly #load: () => Promise<AstroHandler>;
  readonly #services: RenderServices;
  #handler: Promise<AstroHandler> | undefined;

  /**
   * `load` gives Astro's handler on first render: the built bundle's, or the dev server's under `npm run dev`.
   * `services` are what every render gets as `locals`.
   */
  constructor(load: () => Promise<AstroHandler>, services: RenderServices) {
    this.#load = load;
    this.#services = services;
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
    const handler = await this.#astro();
    // A new object per render: the middleware adds this request's page and data to it.
    const locals: RenderServices = { ...this.#services };
    // A handler that rejects (it should answer a failed render itself) ends the injected response as a 500, so the
    // render settles instead of waiting for an answer that never comes.
    const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
      Promise.resolve(handler(req, res, locals)).catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    };
    const response = await inject(dispatch, {
      method: 'GET',
      url: path,
      headers: { accept, 'accept-encoding': 'identity' },
    });
    const { 'content-type': contentType, 'last-modified': lastModified } = response.headers;
    return {
      status: response.statusCode,
      contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
      text: response.payload,
      ...(typeof lastModified === 'string' ? { lastModified } : {}),
    };
  }
}
