import { readFile } from 'node:fs/promises';
import { PAGE_CACHE_CONTROL } from '../../lib/http/response-headers.ts';
import { cacheControlOf, leastFreshness, type Freshness } from '../../lib/http/freshness.ts';
import { developmentPolicy } from '../../lib/http/content-security-policy.ts';
import type { Coding } from '../../lib/http/representation.ts';
import type { AstroRenderer, Rendered } from './astro-renderer.ts';
import { ErrorPages } from './error-pages.ts';
import { FilteredViews } from './filtered-views.ts';
import { PreparedBody, type Prepared } from './prepared.ts';
import { WorkQueue } from './work-queue.ts';
import { PagePreparation, type PreparationEvents } from './page-preparation.ts';
import type { BuildContext, RenderedResource } from './rendered-resources.ts';
import type { PageDataServices } from '../../lib/site-pages/page-data.ts';
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
  /** How long the data stays what the service answers: a page's `Cache-Control`. */
  freshness: Freshness;
  /** False while any source is unavailable: the page shows its error state (502). */
  ok: boolean;
}

/** Brotli quality of the data-driven pages made one at a time: /biomarkers needs 11 for Lighthouse's 100 (docs/performance.md). */
const DATA_PAGE_BROTLI_QUALITY = 11;

/** Brotli quality of what is made in bulk (docs/performance.md). */
const QUICK_BROTLI_QUALITY = 5;

/** Renders (each with its compression) at once: two keep a core for serving and bound the native memory in flight. */
const RENDER_CONCURRENCY = 2;

/** Most jobs waiting in the on-demand queue: about two seconds of filtered views on the usual machine. */
const QUEUE_CAPACITY = 512;

/** Longest expected wait of a queued job: well inside a proxy's read timeout (15 s in docs/deployment.md's nginx). */
const MAX_WAIT_MS = 5_000;

/** The queue's client for work no request asked for (the page index). */
const SITE_CLIENT = '(site)';
/** The resources a background pass prepares, listed from the data of the moment. */
export type PreparationList = (context: BuildContext) => Promise<readonly RenderedResource[]>;

/** Finds the current version of a resource's data sources. */
export type DataVersionOf = (resource: RenderedResource) => Promise<DataVersion>;

/** What the store is made of. */
export interface RenderedStoreOptions {
  renderer: Renderer;
  versionOf: DataVersionOf;
  /**
   * The on-demand work queue (`WorkQueue`): renders with their compression at once (default 2), jobs waiting (default
   * 512) and the longest expected wait (default 5 s); beyond these a request is shed (503).
   */
  renderConcurrency?: number;
  queueCapacity?: number;
  maxWaitMs?: number;
  /** Called once per request shed because the on-demand work is full. */
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
 * view is its page's chrome with the view's body written in, without a render. A failed (502) render is passed on, not kept.
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
  /** Filtered views: written per request into chromes rendered once per data version; nothing kept per query. */
  readonly #views: FilteredViews;
  /** Renders, their compression and filtered views: the one queue of on-demand work, shared fairly by clients. */
  readonly #queue: WorkQueue;
  /** The background passes over the data's pages (`prepareData`), once started. */
  #preparation: PagePreparation | undefined;
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
    this.#queue = new WorkQueue({
      concurrency: options.renderConcurrency ?? RENDER_CONCURRENCY,
      capacity: options.queueCapacity ?? QUEUE_CAPACITY,
      maxWaitMs: options.maxWaitMs ?? MAX_WAIT_MS,
      ...(options.onShed === undefined ? {} : { onShed: options.onShed }),
    });
    this.#views = new FilteredViews(
      (resource, client) => this.#queue.run(client, () => this.#render(resource)),
      (client, job) => this.#queue.run(client, job, { cost: 0 }),
    );
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
   * response in `coding`; the work is queued as `client`'s (the rate limiter's key of the request). Rejects with
   * `Overloaded` when work is needed and the queue refuses it.
   */
  async answer(resource: RenderedResource, coding?: Coding, client = SITE_CLIENT): Promise<RenderedAnswer> {
    const data: DataVersion =
      resource.sources.length === 0
        ? { version: '', freshness: { maxAgeS: 0 }, ok: true }
        : await this.#versionOf(resource);
    if (this.#development) data.version = `${data.version} render ${(this.#renders += 1)}`;
    if (!data.ok) return { ok: false, rendered: await this.#queue.run(client, () => this.#render(resource)) };
    if (resource.bulk === true) this.#preparation?.noteVersion(data.version);
    // Whatever is drawn from data is fresh as long as that data is (docs/service.md, "Caching"). A filtered view is one
    // client's request: shared caches keep only the page (docs/security.md).
    const cacheControl =
      resource.sources.length > 0
        ? cacheControlOf(resource.query === undefined ? 'public' : 'private', data.freshness)
        : PAGE_CACHE_CONTROL;
    if (resource.query !== undefined) return this.#view(resource, data.version, cacheControl, coding, client);
    // One job renders and compresses: its place in the queue is held until the codings are made, so neither the
    // renders nor the compressions they set off outnumber the queue's running places.
    const body = await this.#bodies.get(
      resource.key,
      () =>
        this.#queue.run(client, async () => {
          const rendered = await this.#render(resource);
          if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
          const quality = resource.bulk === true ? QUICK_BROTLI_QUALITY : DATA_PAGE_BROTLI_QUALITY;
          const made = new PreparedBody(rendered, quality);
          await made.prepare();
          return made;
        }),
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
  async #view(
    resource: RenderedResource,
    version: string,
    cacheControl: string,
    coding: Coding | undefined,
    client: string,
  ) {
    const representation = await this.#views.representation(resource, version, coding, client);
    const answer = { ok: true as const, representation, preparedAt: performance.now(), cacheControl };
    if (!representation.contentType.startsWith('text/html') || resource.unfiltered === undefined) return answer;
    const page = await this.answer(resource.unfiltered, undefined, client);
    if (!page.ok) return answer;
    const policy = htmlPolicy(page.representation);
    return { ...answer, policy: this.#development ? developmentPolicy(policy) : policy };
  }

  /** Renders or builds `resource`; called from a job of the queue. */
  async #render(resource: RenderedResource): Promise<Rendered> {
    if (resource.build === undefined) return this.#renderer.render(resource.renderPath, resource.accept);
    if (this.#context === undefined)
      throw new Error(`${resource.key} is built with the base URL and the data's services, and the store has none`);
    return resource.build(this.#context);
  }

  /**
   * Prepares every resource `list` names (the data-driven pages and documents), one at a time in the background: now,
   * and again whenever a bulk page's data version changes, so a crowd after a start or a catalog change meets prepared
   * answers rather than renders. Requests go first: the preparation is one client of the queue among the others, and
   * a request that comes before it prepares its own.
   */
  prepareData(list: PreparationList, report: PreparationEvents): void {
    if (this.#development || this.#context === undefined) return;
    const context = this.#context;
    this.#preparation = new PagePreparation(
      (resource, client) => this.answer(resource, undefined, client),
      () => list(context),
      report,
    );
    this.#preparation.start();
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
    const rendered = await this.#queue.run(SITE_CLIENT, () =>
      this.#renderer.render(SITE_PAGE_INDEX_RENDER_PATH, 'application/json'),
    );
    if (rendered.status !== 200) throw new Error(`rendering the page index answered ${rendered.status}`);
    return parseSitePageIndex(rendered.text);
  }
}

/**
 * A resource's data version from the loaders its components read (`page-data.ts`), imported on first use, never at
 * start-up, over the services its renders are given.
 */
export async function pageDataVersion(resource: RenderedResource, services: PageDataServices): Promise<DataVersion> {
  const { loadPageData, pageDataVersion: versionOf } = await import('../../lib/site-pages/page-data.ts');
  const states = await Promise.all(resource.sources.map((source) => loadPageData(source, services)));
  const loaded = states.flatMap((state) => (state?.ok === true ? [state.freshness] : []));
  const ok = loaded.length === states.length;
  return { version: states.map(versionOf).join(' '), freshness: leastFreshness(loaded), ok };
}
