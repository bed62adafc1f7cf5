import type { CacheLookup } from './catalog-cache.ts';
import type { Config } from '../config/config.ts';
import { cacheControlOf, type Freshness } from '../http/freshness.ts';
import { createRepresentationAsync, type Representation } from '../http/representation.ts';
import { createLogger, describeError, type Logger } from '../log/logger.ts';
import { processMetrics, type ServiceMetrics } from '../metrics/service-metrics.ts';
import type { BiomarkerCatalog, CatalogTemplate } from '../schemas/catalog.ts';
import { RefreshCache } from './catalog-cache.ts';
import { fetchUpstreamCatalog, UpstreamError } from './fetch-upstream-catalog.ts';
import type { UpstreamRequest } from './upstream-reply.ts';

/** Header carrying the site's key to the catalog origin (no `X-` prefix, RFC 6648 §3). */
export const ORIGIN_KEY_HEADER = 'Catalog-Origin-Key';

/** Largest upstream catalog accepted (the bundled complete panel is about 150 KB). */
const UPSTREAM_MAX_BYTES = 4 * 1024 * 1024;

/** Longest pause after a failed upstream request; the TTL when shorter, so `CATALOG_CACHE_TTL_S=0` asks every time. */
const RETRY_AFTER_FAILURE_MAX_MS = 5_000;

/**
 * How long a request with a stale-if-error copy waits for the upstream: a healthy origin answers within it, a hung one
 * is not waited for.
 */
export const STALE_GRACE_MS = 50;

/** One validated panel, serialised and compressed once per upstream fetch. */
export interface CatalogBody {
  representation: Representation;
  /** Number of markers, for logs and the guide. */
  count: number;
}

/** Serialises a validated catalog and compresses it once per coding, off the event loop. @internal */
export async function prepareCatalogBody(catalog: BiomarkerCatalog): Promise<CatalogBody> {
  return {
    // The server's default Brotli quality: a request may be waiting (docs/performance.md).
    representation: await createRepresentationAsync(JSON.stringify(catalog), 'application/json'),
    count: catalog.data.length,
  };
}

/** The catalog cache of one process, with the settings it was made with. */
export interface CatalogService {
  cache: RefreshCache<CatalogTemplate, CatalogBody>;
  ttlS: number;
  /** Seconds past the TTL a value is served while a background request refreshes it (0 when off). */
  staleWhileRevalidateS: number;
  staleIfErrorS: number;
  /** Where lookups and upstream failures are counted; none in some unit tests. */
  metrics?: CatalogMetrics;
}

/** The catalog's part of the service metrics. */
type CatalogMetrics = Pick<ServiceMetrics, 'observeCatalogLookup' | 'observeUpstreamFailure'>;

/**
 * `CATALOG_ORIGIN_URL`, else the bundled origin, reached over loopback when it listens on a local or wildcard host.
 * @internal
 */
export function upstreamOrigin(
  config: Pick<Config, 'catalogOriginUrl' | 'catalogOriginPort' | 'catalogOriginHost'>,
): string {
  if (config.catalogOriginUrl !== undefined) return config.catalogOriginUrl;
  const listen = config.catalogOriginHost;
  const local = ['localhost', '0.0.0.0', '::', '127.0.0.1'].includes(listen);
  const host = local ? '127.0.0.1' : listen.includes(':') ? `[${listen}]` : listen;
  return `http://${host}:${config.catalogOriginPort}`;
}

/** Options of the catalog service that tests replace. */
export interface CatalogServiceDeps {
  request?: UpstreamRequest;
  logger?: Logger;
  metrics?: CatalogMetrics;
  /** The cache's monotonic clock in milliseconds (default `performance.now`), so a test can age a copy. */
  now?: () => number;
}

/**
 * Builds the service. Every failed upstream call is logged (`catalog_upstream_failed`), since a stale answer or a
 * background refresh would hide it from the request log. An entry (`main.ts`, `dev.ts`, the build) makes one and hands
 * it to the site, which gives it to the API and to every Astro render (`locals`): a data-driven page renders from the
 * very panels the API serves.
 */
export function createCatalogService(config: Config, deps: CatalogServiceDeps = {}): CatalogService {
  const origin = upstreamOrigin(config);
  const logger = deps.logger ?? createLogger(config.logLevel);
  const metrics = deps.metrics ?? processMetrics();
  const options = {
    timeoutMs: config.catalogOriginTimeoutMs,
    maxBytes: UPSTREAM_MAX_BYTES,
    // The key exempts the site's own requests from the origin's limiter (see the origin's `createOriginKey`).
    ...(config.catalogOriginKey === undefined ? {} : { headers: { [ORIGIN_KEY_HEADER]: config.catalogOriginKey } }),
    ...(deps.request === undefined ? {} : { request: deps.request }),
  };
  const staleWhileRevalidateS = config.catalogCacheTtlS > 0 ? config.catalogStaleWhileRevalidateS : 0;
  return {
    cache: new RefreshCache({
      ttlMs: config.catalogCacheTtlS * 1000,
      staleWhileRevalidateMs: staleWhileRevalidateS * 1000,
      staleIfErrorMs: config.catalogStaleIfErrorS * 1000,
      retryAfterFailureMs: Math.min(config.catalogCacheTtlS * 1000, RETRY_AFTER_FAILURE_MAX_MS),
      staleGraceMs: STALE_GRACE_MS,
      ...(deps.now === undefined ? {} : { now: deps.now }),
      load: async (template: CatalogTemplate) =>
        prepareCatalogBody(await fetchUpstreamCatalog(origin, template, options)),
      onLoadError: (template, error) => {
        metrics.observeUpstreamFailure(template, error instanceof UpstreamError ? error.reason : 'other');
        logger.error('catalog_upstream_failed', {
          template,
          ...(error instanceof UpstreamError ? { reason: error.reason, message: error.message } : describeError(error)),
        });
      },
    }),
    ttlS: config.catalogCacheTtlS,
    staleWhileRevalidateS,
    staleIfErrorS: config.catalogStaleIfErrorS,
    metrics,
  };
}

/**
 * `max-age` of an answer whose value a running load may replace at any moment: the least a shared cache keeps (RFC 9111
 * §1.2.2 counts in whole seconds, and a 0 is stale on arrival, §4.2), so a downstream copy lags the site's by at most
 * that.
 */
const LOADING_FRESHNESS_S = 1;

/**
 * Whole seconds a looked-up catalog stays what the service answers (docs/service.md, "Caching"): until its TTL ends or,
 * for a stale copy, until the service asks the origin again or the copy ages out; at least 1 while that lies ahead, so
 * a stale answer stays storable. 0 only with the cache off (TTL 0).
 */
function freshnessLeftS(service: CatalogService, lookup: CacheLookup<CatalogBody>): number {
  if (service.ttlS === 0) return 0;
  if (lookup.loading) return LOADING_FRESHNESS_S;
  return lookup.holdsForMs > 0 ? Math.max(1, Math.floor(lookup.holdsForMs / 1000)) : 0;
}

/**
 * The freshness of a looked-up catalog, matching the server's own cache (RFC 5861), so shared caches keep, revalidate
 * and fall back as we do, and never longer than we would: stale-if-error counts down to the moment the copy ages out of
 * the service's own stale-if-error window. Everything drawn from the catalog is answered with it.
 */
export function catalogFreshness(service: CatalogService, lookup: CacheLookup<CatalogBody>): Freshness {
  const maxAgeS = freshnessLeftS(service, lookup);
  // RFC 5861 §4 counts stale-if-error from the moment the response goes stale, max-age after it is sent.
  const errorLeftS = Math.max(0, Math.floor(service.staleIfErrorS - lookup.ageMs / 1000) - maxAgeS);
  return {
    maxAgeS,
    // A copy standing in for a failing origin: a cache serving it while it revalidates must not outlast the window
    // either.
    ...(service.staleWhileRevalidateS > 0
      ? {
          staleWhileRevalidateS:
            lookup.state === 'stale'
              ? Math.min(service.staleWhileRevalidateS, errorLeftS)
              : service.staleWhileRevalidateS,
        }
      : {}),
    ...(service.staleIfErrorS > 0 ? { staleIfErrorS: errorLeftS } : {}),
  };
}

/** The catalog API's `Cache-Control`: `catalogFreshness`, for every cache. */
export const catalogCacheControl = (service: CatalogService, lookup: CacheLookup<CatalogBody>): string =>
  cacheControlOf('public', catalogFreshness(service, lookup));
