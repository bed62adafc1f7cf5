import { readFile } from 'node:fs/promises';
import { PAGE_CACHE_CONTROL } from '../../lib/http/response-headers.ts';
import { developmentPolicy } from '../../lib/http/content-security-policy.ts';
import type { Coding } from '../../lib/http/representation.ts';
import type { AstroRenderer, Rendered } from './astro-renderer.ts';
import { ErrorPages } from './error-pages.ts';
import { FilteredViews } from './filtered-views.ts';
import { PreparedBody, type Prepared } from './prepared.ts';
import { RenderGate } from './render-gate.ts';
import type { BuildContext, RenderedResource } from './rendered-resources.ts';
import type { PageDataServices } from '../../lib/content/page-data.ts';
import type { SitePageIndex } from '../../lib/site-pages/site-page-index.ts';
import { SITE_PAGE_INDEX_RENDER_PATH } from './page-index.ts';
import { htmlPolicy } from '../http/send.ts';
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

/** Brotli quality of the data-driven pages made one at a time: /biomarkers needs 11 for Lighthouse's 100 (docs/performance.md). */
const DATA_PAGE_BROTLI_QUALITY = 11;

/** Brotli quality of what is made in bulk (docs/performance.md). */
const QUICK_BROTLI_QUALITY = 5;

/** Finds the current version of a resource's data sources. */
export type DataVersionOf = (resource: RenderedResource) => Promise<DataVersion>;

/** What the store is made of. */
export interface RenderedStoreOptions {
  renderer: Renderer;
  versionOf: DataVersionOf;
  /** Renders through Astro at once (default 2), and how many more may wait; beyond that a request is shed (503). */
  renderConcurrency?: number;
  renderQueue?: number;
  /** Most filtered views waiting to be assembled (default 512); beyond that a request is shed (503). */
  viewQueue?: number;
  /** Called once per request shed because the renders or the views waiting are full. */
  onShed?: () => void;
  /** The public base URL and the data's services, for the resources that build themselves (`RenderedResource.build`). */
  baseUrl?: string;
  services?: PageDataServices;
  /** The build's page index (`SITE_PAGE_INDEX_PATH`); without it, or unreadable, Astro renders the index. */
  pageIndexFile?: string;
  /** `npm run dev`: nothing is kept; each answer is rendered again. */
  development?: boolean;
}

/** What renders a path as a client sending `accept` would get it (`AstroRenderer`). */
export type Renderer = Pick<AstroRenderer, 'render'>;

/**
 * Everything Astro renders. Resources without data come prepared from the build and answer synchronously; a
 * data-driven one renders once per data version, never per request, under a bound on renders at once; a filtered
 * view is assembled from its page's template without a render. A failed (502) render is passed on, not kept.
 */
export class RenderedStore {
  readonly #renderer: Renderer;
  readonly #versionOf: DataVersionOf;
  /** What a resource that builds itself is given. */
  readonly #context: BuildContext | undefined;
  readonly #pageIndexFile: string | undefined;
  #pageIndex: Promise<SitePageIndex> | undefined;
  /** `npm run dev`: every answer is rendered again, so an edited page shows on reload. */
  readonly #development: boolean;
  #renders = 0;
  readonly #bodies = new SingleFlightCache<PreparedBody>();
  /** Filtered views: assembled per request from templates rendered once per data version; nothing kept per query. */
  readonly #views: FilteredViews;
  readonly #gate: RenderGate;
  /** The latest body of each resource, for the synchronous path. */
  readonly #settled = new Map<string, PreparedBody>();
  /** The browser 404 and 429, prepared by the build as templates. */
  readonly errorPages = new ErrorPages();

  constructor(options: RenderedStoreOptions) {
    this.#renderer = options.renderer;
    this.#versionOf = options.versionOf;
    this.#pageIndexFile = options.pageIndexFile;
    const { baseUrl, services } = options;
    this.#context =
      baseUrl === undefined || services === undefined
        ? undefined
        : { baseUrl, services, pageIndex: () => this.#loadPageIndex() };
    this.#development = options.development ?? false;
    this.#gate = new RenderGate({
      limit: options.renderConcurrency ?? 2,
      queue: options.renderQueue ?? 4,
      ...(options.onShed === undefined ? {} : { onShed: options.onShed }),
    });
    this.#views = new FilteredViews((resource) => this.#render(resource), {
      ...(options.viewQueue === undefined ? {} : { capacity: options.viewQueue }),
      ...(options.onShed === undefined ? {} : { onShed: options.onShed }),
    });
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

  /**
   * The answer for `resource`: prepared, rendered now for a data version not seen yet, or a view assembled for a
   * response in `coding`. Rejects with `RenderOverloaded` when a render is needed and the renders are full.
   */
  async answer(resource: RenderedResource, coding?: Coding): Promise<RenderedAnswer> {
    const data: DataVersion =
      resource.sources.length === 0 ? { version: '', freshForS: 0, ok: true } : await this.#versionOf(resource);
    if (this.#development) data.version = `${data.version} render ${(this.#renders += 1)}`;
    if (!data.ok) return { ok: false, rendered: await this.#render(resource) };
    // A filtered view is one client's request: shared caches keep only the page (docs/security.md).
    const cacheControl =
      resource.followsDataFreshness && resource.sources.length > 0
        ? `${resource.query === undefined ? 'public' : 'private'}, max-age=${data.freshForS}`
        : PAGE_CACHE_CONTROL;
    if (resource.query !== undefined) return this.#view(resource, data.version, cacheControl, coding);
    const body = await this.#bodies.get(
      resource.key,
      async () => {
        const rendered = await this.#render(resource);
        if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
        return new PreparedBody(rendered, resource.bulk === true ? QUICK_BROTLI_QUALITY : DATA_PAGE_BROTLI_QUALITY);
      },
      data.version,
    );
    this.#settled.set(resource.key, body);
    const prepared = await body.prepare();
    if (!this.#development || !prepared.representation.contentType.startsWith('text/html')) {
      return { ok: true, ...prepared, cacheControl };
    }
    return { ok: true, ...prepared, cacheControl, policy: developmentPolicy(htmlPolicy(prepared.representation)) };
  }

  /** A filtered view, with the unfiltered page's policy: made before any request input was filled in. */
  async #view(resource: RenderedResource, version: string, cacheControl: string, coding?: Coding) {
    const representation = await this.#views.representation(resource, version, coding);
    const answer = { ok: true as const, representation, preparedAt: performance.now(), cacheControl };
    if (!representation.contentType.startsWith('text/html') || resource.template === undefined) return answer;
    const page = await this.answer(resource.template);
    if (!page.ok) return answer;
    const policy = htmlPolicy(page.representation);
    return { ...answer, policy: this.#development ? developmentPolicy(policy) : policy };
  }

  async #render(resource: RenderedResource): Promise<Rendered> {
    if (resource.build === undefined) {
      return this.#gate.run(() => this.#renderer.render(resource.renderPath, resource.accept));
    }
    if (this.#context === undefined)
      throw new Error(`${resource.key} is built with the base URL and the data's services, and the store has none`);
    return resource.build(this.#context);
  }

  /**
   * The site's page index: the build's file, read once; without it (`npm run dev`, a server run without a build),
   * rendered through Astro, once per process or, in development, per use. A failure is not kept.
   */
  #loadPageIndex(): Promise<SitePageIndex> {
    if (this.#development) return this.#readPageIndex();
    this.#pageIndex ??= this.#readPageIndex();
    return this.#pageIndex.catch((error: unknown) => {
      this.#pageIndex = undefined;
      throw error;
    });
  }

  async #readPageIndex(): Promise<SitePageIndex> {
    const { parseSitePageIndex } = await import('../../lib/site-pages/site-page-index.ts');
    if (this.#pageIndexFile !== undefined) {
      const text = await readFile(this.#pageIndexFile, 'utf8').catch(() => undefined);
      if (text !== undefined) return parseSitePageIndex(text);
    }
    const rendered = await this.#gate.run(() => this.#renderer.render(SITE_PAGE_INDEX_RENDER_PATH, 'application/json'));
    if (rendered.status !== 200) throw new Error(`rendering the page index answered ${rendered.status}`);
    return parseSitePageIndex(rendered.text);
  }
}

/**
 * A resource's data version from the loaders its components read (`page-data.ts`), imported on first use, never at
 * start-up, over the services its renders are given.
 */
export async function pageDataVersion(resource: RenderedResource, services: PageDataServices): Promise<DataVersion> {
  const { loadPageData, pageDataVersion: versionOf } = await import('../../lib/content/page-data.ts');
  const states = await Promise.all(resource.sources.map((source) => loadPageData(source, services)));
  let freshForS = Number.POSITIVE_INFINITY;
  let ok = true;
  for (const state of states) {
    if (state?.ok === true) freshForS = Math.min(freshForS, state.freshForS);
    else ok = false;
  }
  return { version: states.map(versionOf).join(' '), freshForS: Number.isFinite(freshForS) ? freshForS : 0, ok };
}
