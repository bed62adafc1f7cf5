import type { Config } from '../config/config.ts';
import type { ServerObject } from './openapi-types.ts';

/** The public origins a document describes, derived from the configuration. */
export interface DocumentOrigins {
  /** `BASE_URL`: the site, serving every path. */
  baseUrl: string;
  /** The catalog origin, serving only the catalog path (spec section 1). */
  catalogOrigin: string;
}

/**
 * The catalog origin as clients reach it: `CATALOG_ORIGIN_URL` when set, else the bundled origin
 * on `CATALOG_ORIGIN_PORT` of BASE_URL's host, over http (the bundled origin speaks plain HTTP;
 * `upstreamOrigin` is the loopback address the site itself uses).
 */
export function publicCatalogOrigin(
  config: Pick<Config, 'baseUrl' | 'catalogOriginUrl' | 'catalogOriginPort'>,
): string {
  if (config.catalogOriginUrl !== undefined) return config.catalogOriginUrl;
  return `http://${new URL(config.baseUrl).hostname}:${config.catalogOriginPort}`;
}

/** The origins of the document for a configuration. */
export const documentOrigins = (
  config: Pick<Config, 'baseUrl' | 'catalogOriginUrl' | 'catalogOriginPort'>,
): DocumentOrigins => ({ baseUrl: config.baseUrl, catalogOrigin: publicCatalogOrigin(config) });

/** The site's server entry. */
export const siteServer = (origins: DocumentOrigins): ServerObject => ({
  url: origins.baseUrl,
  description: 'The service: catalog proxy, token endpoint, discovery and documentation.',
});

/** The catalog origin's server entry. */
export const catalogOriginServer = (origins: DocumentOrigins): ServerObject => ({
  url: origins.catalogOrigin,
  description:
    'The catalog origin: serves only the catalog, uncompressed and uncached, with the same templates, ' +
    'default and rate limit.',
});
