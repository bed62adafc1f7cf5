import { PAGE_CACHE_CONTROL } from '../../lib/http/response-headers.ts';
import { developmentPolicy } from '../../lib/http/content-security-policy.ts';
import type { AstroRenderer, Rendered } from './astro-renderer.ts';
import { ErrorPages } from './error-pages.ts';
import { PreparedBody, type Prepared } from './prepared.ts';
import type { RenderedResource } from './rendered-resources.ts';
import { htmlPolicy } from '../http/send.ts';
import type { ResourceBuilder } from './document-builders.ts';
import { SingleFlightCache } from './single-flight-cache.ts';

/** What a request for a rendered resource gets: its prepared representation, or an error state passed on once. */
export type RenderedAnswer =
  ({ ok: true; cacheControl: string; policy?: string } & Prepared) | { ok: false; rendered: Rendered };

/** The version and freshness of the data a resource is built from (see `pageDataVersion`). */
export interface DataVersion {
  version: string;
  /** Seconds the data stays fresh: a page's `max-age`. */
  freshForS: number;
  /** False while any source is unavailable: the page shows its error state (502). */
  ok: boolean;
}

/** Filtered views kept (HTML and Markdown apart): bounds the memory request input can take (docs/guide.md). */
const FILTERED_VIEW_CAPACITY = 64;

/** Brotli quality of the data-driven pages made one at a time: /biomarkers needs 11 for Lighthouse's 100 (docs/performance.md). */
const DATA_PAGE_BROTLI_QUALITY = 11;

/** Brotli quality of what is made in bulk or while a request waits (docs/performance.md). */
const QUICK_BROTLI_QUALITY = 5;

/** Finds the current version of a resource's data sources. */
export type DataVersionOf = (resource: RenderedResource) => Promise<DataVersion>;

/** What the store is made of. */
export interface RenderedStoreOptions {
  renderer: Renderer;
  versionOf: DataVersionOf;
  /** How many filtered views it keeps (default `FILTERED_VIEW_CAPACITY`). */
  viewCapacity?: number;
  /** Resources the server builds without Astro, by key. */
  builders?: ReadonlyMap<string, ResourceBuilder>;
  /** `npm run dev`: nothing is kept; each answer is rendered again. */
  development?: boolean;
}

/** What renders a path as a client sending `accept` would get it (`AstroRenderer`). */
export type Renderer = Pick<AstroRenderer, 'render'>;

/**
 * Everything Astro renders. Resources without data come prepared from the build and answer synchronously; a
 * data-driven one renders once per data version, never per request. A failed (502) render is passed on, not kept.
 */
export class RenderedStore {
  readonly #renderer: Renderer;
  readonly #versionOf: DataVersionOf;
  /** Resources the server builds itself, by key (`llms.txt`, the sitemap): Astro only when a builder cannot. */
  readonly #builders: ReadonlyMap<string, ResourceBuilder>;
  /** `npm run dev`: every answer is rendered again, so an edited page shows on reload. */
  readonly #development: boolean;
  #renders = 0;
  readonly #bodies = new SingleFlightCache<PreparedBody>();
  /** Filtered views: keyed by request input, so bounded (LRU); each renders once per data version. */
  readonly #views: SingleFlightCache<PreparedBody>;
  /** The latest body of each resource, for the synchronous path. */
  readonly #settled = new Map<string, PreparedBody>();
  /** The browser 404 and 429, prepared by the build as templates. */
  readonly errorPages = new ErrorPages();

  constructor(options: RenderedStoreOptions) {
    this.#renderer = options.renderer;
    this.#versionOf = options.versionOf;
    this.#builders = options.builders ?? new Map();
    this.#development = options.development ?? false;
    this.#views = new SingleFlightCache(options.viewCapacity ?? FILTERED_VIEW_CAPACITY);
  }

  /** How many filtered views are held or being rendered (at most the capacity). */
  get filteredViews(): number {
    return this.#views.size;
  }

  /** Stores a resource prepared by the build (no data sources, so version `''`). */
  put(key: string, body: PreparedBody): void {
    void this.#bodies.get(key, async () => body);
    this.#settled.set(key, body);
  }

  /** Every body held, for the background preparation of their codings. */
  bodies(): PreparedBody[] {
    return [...this.#settled.values()];
  }

  /** The representation of a static resource when it is ready now; undefined means "ask `answer`". */
  peek(resource: RenderedResource): Prepared | undefined {
    if (this.#development || resource.sources.length > 0) return undefined;
    return this.#settled.get(resource.key)?.ready;
  }

  /** The answer for `resource`: prepared, or rendered now for a data version not seen yet. */
  async answer(resource: RenderedResource): Promise<RenderedAnswer> {
    const data: DataVersion =
      resource.sources.length === 0 ? { version: '', freshForS: 0, ok: true } : await this.#versionOf(resource);
    if (this.#development) data.version = `${data.version} render ${(this.#renders += 1)}`;
    if (!data.ok) return { ok: false, rendered: await this.#render(resource) };
    const cache = resource.query === undefined ? this.#bodies : this.#views;
    const body = await cache.get(
      resource.key,
      async () => {
        const rendered = await this.#render(resource);
        if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
        const quick = resource.query !== undefined || resource.bulk === true;
        const quality = quick ? QUICK_BROTLI_QUALITY : DATA_PAGE_BROTLI_QUALITY;
        return new PreparedBody(rendered, quality);
      },
      data.version,
    );
    if (resource.query === undefined) this.#settled.set(resource.key, body);
    // A filtered view is one client's request: shared caches keep only the page (docs/security.md).
    const cacheControl =
      resource.followsDataFreshness && resource.sources.length > 0
        ? `${resource.query === undefined ? 'public' : 'private'}, max-age=${data.freshForS}`
        : PAGE_CACHE_CONTROL;
    const prepared = await body.prepare();
    if (!prepared.representation.contentType.startsWith('text/html')) return { ok: true, ...prepared, cacheControl };
    let policy: string | undefined;
    // A filtered view's HTML carries request input: its policy is the unfiltered page's (issue 30).
    if (resource.template !== undefined) {
      const template = await this.answer(resource.template);
      if (template.ok) policy = htmlPolicy(template.representation);
    }
    if (this.#development) policy = developmentPolicy(policy ?? htmlPolicy(prepared.representation));
    return policy === undefined
      ? { ok: true, ...prepared, cacheControl }
      : { ok: true, ...prepared, cacheControl, policy };
  }

  async #render(resource: RenderedResource): Promise<Rendered> {
    const built = await this.#builders.get(resource.key)?.(resource);
    return built ?? this.#renderer.render(resource.renderPath, resource.accept);
  }
}

/**
 * A resource's data version from the loaders its components read (`page-data.ts`), imported on first use, never at
 * start-up.
 */
export async function pageDataVersion(resource: RenderedResource): Promise<DataVersion> {
  const { loadPageData, pageDataVersion: versionOf } = await import('../../lib/content/page-data.ts');
  const states = await Promise.all(resource.sources.map((source) => loadPageData(source)));
  let freshForS = Number.POSITIVE_INFINITY;
  let ok = true;
  for (const state of states) {
    if (state?.ok === true) freshForS = Math.min(freshForS, state.freshForS);
    else ok = false;
  }
  return { version: states.map(versionOf).join(' '), freshForS: Number.isFinite(freshForS) ? freshForS : 0, ok };
}
