import type { Config } from '../config/config.ts';
import type { ServerObject } from './openapi-types.ts';

/** What a document depends on: `BASE_URL`, and `CATALOG_ORIGIN_PUBLIC_URL` where the operator publishes the origin. */
export type DocumentConfig = Pick<Config, 'baseUrl' | 'catalogOriginPublicUrl'>;

/** The site's server entry. */
export const siteServer = (baseUrl: string): ServerObject => ({
  url: baseUrl,
  description: 'The service: catalog proxy, token endpoint, discovery and documentation.',
});

/**
 * The catalog origin's server entry, only with `CATALOG_ORIGIN_PUBLIC_URL`: the bundled one listens on loopback and
 * `CATALOG_ORIGIN_URL` is often internal, so neither is an address to give clients.
 */
export const catalogOriginServer = ({ catalogOriginPublicUrl: url }: DocumentConfig): ServerObject | undefined =>
  url === undefined
    ? undefined
    : {
        url,
        description:
          'The catalog origin, published by this deployment: serves only the catalog, uncompressed and ' +
          'uncached, with the same templates, default and rate limit. Prefer the service, which caches.',
      };
