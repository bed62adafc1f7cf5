import type { Config } from '../config/config.ts';
import type { ServerObject } from './openapi-types.ts';

/** The public origins a document describes, derived from the configuration. */
export interface DocumentOrigins {
  /** `BASE_URL`: the site, serving every path. */
  baseUrl: string;
  /**
   * `CATALOG_ORIGIN_PUBLIC_URL`: the catalog origin, serving only the catalog path (spec
   * section 1), when the operator publishes it; undefined while it is private.
   */
  catalogOrigin: string | undefined;
}

/**
 * The origins of the document for a configuration. The catalog origin is listed only when
 * `CATALOG_ORIGIN_PUBLIC_URL` says where clients reach it: the bundled origin listens on
 * loopback by default, and `CATALOG_ORIGIN_URL` is where the site reaches its upstream,
 * often an internal address, so neither is an address a client should be given.
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
