import { SingleFlightCache } from '../lib/cache/single-flight-cache.ts';
import { PAGE_CACHE_CONTROL } from '../lib/pages/document-response.ts';
import type { AstroRenderer, Rendered } from './astro-renderer.ts';
import { ErrorPages } from './error-pages.ts';
import { PreparedBody, type Prepared } from './prepared-body.ts';
import type { RenderedResource } from './rendered-resources.ts';

/** What a request for a rendered resource gets: its prepared representation, or an error state passed on once. */
export type RenderedAnswer = ({ ok: true; cacheControl: string } & Prepared) | { ok: false; rendered: Rendered };

/** The version and freshness of the data a resource is built from (see `page-data-version.ts`). */
export interface DataVersion {
  version: string;
  /** Seconds the data stays fresh: a page's `max-age`. */
  freshForS: number;
  /** False while any source is unavailable: the page shows its error state (502). */
  ok: boolean;
}

/** Finds the current version of a resource's data sources. */
export type DataVersionOf = (resource: RenderedResource) => Promise<DataVersion>;

/**
 * The store of everything Astro renders: pages in each locale and format and the site
 * documents. Resources without data come prepared from the build (`put`) and are answered
 * synchronously; a data-driven one is rendered through Astro once per version of its data,
 * never per request. A render that fails its data (502) is passed on and not kept.
 */
export class RenderedStore {
  readonly #renderer: AstroRenderer;
  readonly #versionOf: DataVersionOf;
  readonly #bodies = new SingleFlightCache<PreparedBody>();
  /** Bodies known to be settled, for the synchronous path. */
  readonly #settled = new Map<string, { version: string; body: PreparedBody }>();
  /** The browser 404 and 429, prepared by the build as templates. */
  readonly errorPages = new ErrorPages();

  constructor(renderer: AstroRenderer, versionOf: DataVersionOf) {
    this.#renderer = renderer;
    this.#versionOf = versionOf;
  }

  /** Stores a resource prepared by the build (no data sources, so version `''`). */
  put(key: string, body: PreparedBody): void {
    void this.#bodies.get(key, async () => body);
    this.#settled.set(key, { version: '', body });
  }

  /** Every body held, for the background preparation of their codings. */
  bodies(): PreparedBody[] {
    return [...this.#settled.values()].map((entry) => entry.body);
  }

  /** The representation of a static resource when it is ready now; undefined means "ask `answer`". */
  peek(resource: RenderedResource): Prepared | undefined {
    if (resource.sources.length > 0) return undefined;
    return this.#settled.get(resource.key)?.body.ready;
  }

  /** The answer for `resource`: prepared, or rendered now for a data version not seen yet. */
  async answer(resource: RenderedResource): Promise<RenderedAnswer> {
    const data: DataVersion =
      resource.sources.length === 0 ? { version: '', freshForS: 0, ok: true } : await this.#versionOf(resource);
    if (!data.ok) return { ok: false, rendered: await this.#render(resource) };
    const body = await this.#bodies.get(
      resource.key,
      async () => {
        const rendered = await this.#render(resource);
        if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
        return new PreparedBody(rendered.text, rendered.contentType);
      },
      data.version,
    );
    this.#settled.set(resource.key, { version: data.version, body });
    const cacheControl =
      resource.followsDataFreshness && resource.sources.length > 0
        ? `public, max-age=${data.freshForS}`
        : PAGE_CACHE_CONTROL;
    return { ok: true, ...(await body.prepare()), cacheControl };
  }

  #render(resource: RenderedResource): Promise<Rendered> {
    return this.#renderer.render(resource.renderPath, resource.accept);
  }
}
