import { createRepresentationAsync, type Representation } from '../http/representation.ts';
import type { BiomarkerCatalog } from '../schemas/catalog.ts';

/** One validated panel, serialised and compressed once per upstream fetch. */
export interface CatalogBody {
  representation: Representation;
  /** Number of markers, for logs and the guide. */
  count: number;
}

/**
 * Brotli quality of catalog bodies. They are made while serving, on every upstream fetch, and
 * a request may be waiting: on the 150 KB complete panel quality 9 takes about 22 ms and
 * little memory, quality 11 about 100 ms and some 50 MB of encoder memory that the allocator
 * then keeps (issue 14's start-up and RSS budgets), for 10 % fewer bytes.
 */
export const CATALOG_BROTLI_QUALITY = 9;

/**
 * Serialises a validated catalog once and compresses it once per coding (off the event
 * loop), so requests only pick bytes.
 */
export async function prepareCatalogBody(catalog: BiomarkerCatalog): Promise<CatalogBody> {
  return {
    representation: await createRepresentationAsync(
      JSON.stringify(catalog),
      'application/json',
      CATALOG_BROTLI_QUALITY,
    ),
    count: catalog.data.length,
  };
}
