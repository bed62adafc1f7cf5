import type { CatalogService } from '../catalog/catalog-service.ts';
import { loadCatalogSnapshot, type CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { isUpstreamError } from '../catalog/fetch-upstream-catalog.ts';
import type { Freshness } from '../http/freshness.ts';
import type { PageDataSource } from '../content/page-registry.ts';

/**
 * Where a page's data is loaded from: the site's own services, handed to Astro's renders as `locals` and to the server's
 * store by the composition root (`src/server/site.ts`), never a process-wide instance.
 */
export interface PageDataServices {
  /** The catalog service the API serves from. */
  catalog: CatalogService;
}

/** A data-driven page's data, loaded for the current request: the catalog, for `/biomarkers` and its markers. */
export interface LoadedPageData {
  ok: true;
  source: 'catalog';
  /** Identifies the data's content: the page's HTML and Markdown are cached per version. */
  version: string;
  /** How long the data stays what the service answers: the page's `Cache-Control`. */
  freshness: Freshness;
  catalog: CatalogSnapshot;
}

/** The data could not be loaded: the page shows an honest error state instead. */
interface UnavailablePageData {
  ok: false;
  /** Why, in English, for logs and tests; never shown as the page's own text. */
  reason: string;
}

/** What the data-driven components of a page see: its data, or that it is unavailable. */
export type PageDataState = LoadedPageData | UnavailablePageData;

/**
 * The data of a page for this request from `services`, or undefined for a static page. Loading is cheap
 * while the catalog cache is fresh, so it runs on every request, and the page follows
 * the catalog as soon as the cache does. An upstream error means "unavailable"; anything
 * else is a bug.
 */
export async function loadPageData(
  source: PageDataSource | undefined,
  services: PageDataServices,
): Promise<PageDataState | undefined> {
  if (source === undefined) return undefined;
  try {
    const catalog = await loadCatalogSnapshot(services.catalog);
    return { ok: true, source, version: catalog.version, freshness: catalog.freshness, catalog };
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The version a page's stored representations are keyed by: `''` for a static page. */
export const pageDataVersion = (state: PageDataState | undefined): string =>
  state === undefined ? '' : state.ok ? state.version : 'unavailable';
