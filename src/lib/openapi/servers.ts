import type { Config } from '../config/config.ts';
import type { ServerObject } from './openapi-types.ts';

/** The public origins a document describes, derived from the configuration. */
export interface DocumentOrigins {
  /** `BASE_URL`: the site, serving every path. */
  baseUrl: string;
  /** `CATALOG_ORIGIN_PUBLIC_URL` when the operator publishes the origin (catalog path only, spec 1); else undefined. */
  catalogOrigin: string | undefined;
}

/**
 * The document's origins. The catalog origin only with `CATALOG_ORIGIN_PUBLIC_URL`: the bundled one listens on
 * loopback and `CATALOG_ORIGIN_URL` is often internal, so neither is an address to give clients.
 */
export const documentOrigins = (config: Pick<Config, 'baseUrl' | 'catalogOriginPublicUrl'>): DocumentOrigins => ({
  baseUrl: config.baseUrl,
  catalogOrigin: config.catalogOriginPublicUrl,
});

/** The site's server entry. */
export const siteServer = (origins: DocumentOrigins): ServerObject => ({
  url: origins.baseUrl,
  description: 'The service: catalog proxy, token endpoint, discovery and documentation.',
});

/** The catalog origin's server entry, when it is public. */
export const catalogOriginServer = (origins: DocumentOrigins): ServerObject | undefined =>
  origins.catalogOrigin === undefined
    ? undefined
    : {
        url: origins.catalogOrigin,
        description:
          'The catalog origin, published by this deployment: serves only the catalog, uncompressed and ' +
          'uncached, with the same templates, default and rate limit. Prefer the service, which caches.',
      };
