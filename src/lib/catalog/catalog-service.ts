import type { Config } from '../config/config.ts';
import type { CatalogTemplate } from '../schemas/catalog.ts';
import { prepareCatalogBody, type CatalogBody } from './catalog-body.ts';
import { RefreshCache } from './catalog-cache.ts';
import { fetchUpstreamCatalog } from './fetch-upstream-catalog.ts';

/** Largest upstream catalog accepted (the bundled complete panel is about 150 KB). */
export const UPSTREAM_MAX_BYTES = 4 * 1024 * 1024;

/** The catalog cache of one process, with the settings it was made with. */
export interface CatalogService {
  cache: RefreshCache<CatalogTemplate, CatalogBody>;
  ttlS: number;
  staleIfErrorS: number;
}

/**
 * Where the site fetches the catalog: `CATALOG_ORIGIN_URL`, else the bundled origin on
 * `CATALOG_ORIGIN_PORT`, reached over loopback when it listens on a local or wildcard host.
 */
export function upstreamOrigin(config: Pick<Config, 'catalogOriginUrl' | 'catalogOriginPort' | 'host'>): string {
  if (config.catalogOriginUrl !== undefined) return config.catalogOriginUrl;
  const local = ['localhost', '0.0.0.0', '::', '127.0.0.1'].includes(config.host);
  const host = local ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.catalogOriginPort}`;
}

/** Builds the service from the configuration. */
export function createCatalogService(config: Config, fetchImpl?: typeof fetch): CatalogService {
  const origin = upstreamOrigin(config);
  const options = {
    timeoutMs: config.catalogOriginTimeoutMs,
    maxBytes: UPSTREAM_MAX_BYTES,
    ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
  };
  return {
    cache: new RefreshCache({
      ttlMs: config.catalogCacheTtlS * 1000,
      staleIfErrorMs: config.catalogStaleIfErrorS * 1000,
      load: async (template: CatalogTemplate) =>
        prepareCatalogBody(await fetchUpstreamCatalog(origin, template, options)),
    }),
    ttlS: config.catalogCacheTtlS,
    staleIfErrorS: config.catalogStaleIfErrorS,
  };
}
