import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { BiomarkerCatalog } from '../schemas/catalog.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Content codings the catalog is stored in, besides identity, in the server's order of preference. */
export const CATALOG_ENCODINGS = ['br', 'gzip'] as const;

/** A coding of the catalog body: `identity` or one of CATALOG_ENCODINGS. */
export type CatalogEncoding = 'identity' | (typeof CATALOG_ENCODINGS)[number];

/** One serialised catalog in every coding, with a strong ETag per representation. */
export interface CatalogBody {
  bodies: Record<CatalogEncoding, Buffer>;
  /** RFC 9110 §8.8.3: a strong validator differs between content codings of one resource. */
  etags: Record<CatalogEncoding, string>;
  /** Number of markers, for logs and the guide. */
  count: number;
}

/**
 * Serialises a validated catalog once and compresses it once per coding, so requests
 * only pick bytes (the compression runs on libuv's thread pool, off the event loop).
 */
export async function prepareCatalogBody(catalog: BiomarkerCatalog): Promise<CatalogBody> {
  const identity = Buffer.from(JSON.stringify(catalog));
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    bodies: { identity, gzip: gz, br },
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
    count: catalog.data.length,
  };
}
