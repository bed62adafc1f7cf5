import { createRepresentationAsync, type Representation } from '../http/representation.ts';
import type { BiomarkerCatalog } from '../schemas/catalog.ts';

/** One validated panel, serialised and compressed once per upstream fetch. */
export interface CatalogBody {
  representation: Representation;
  /** Number of markers, for logs and the guide. */
  count: number;
}

/** Serialises a validated catalog and compresses it once per coding, off the event loop. */
export async function prepareCatalogBody(catalog: BiomarkerCatalog): Promise<CatalogBody> {
  return {
    // The server's default Brotli quality: a request may be waiting (docs/performance.md).
    representation: await createRepresentationAsync(JSON.stringify(catalog), 'application/json'),
    count: catalog.data.length,
  };
}
