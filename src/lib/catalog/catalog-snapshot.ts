import {
  BiomarkerCatalogSchema,
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type CatalogTemplate,
} from '../schemas/catalog.ts';
import { leastFreshness, type Freshness } from '../http/freshness.ts';
import { catalogFreshness, type CatalogBody, type CatalogService } from './catalog-service.ts';

/** The four panels exactly as the catalog API serves them at one moment. */
export interface CatalogSnapshot {
  /** The identity ETags of the four panels: changes whenever any panel's content does. */
  version: string;
  /** The least freshness of the four panels (`catalogFreshness`): what everything drawn from them is answered with. */
  freshness: Freshness;
  panels: Record<CatalogTemplate, BiomarkerCatalog>;
}

/** Each cached body parsed once: bodies are immutable and replaced, never changed, on refresh. */
const parsedBodies = new WeakMap<CatalogBody, BiomarkerCatalog>();

/** The catalog a cached body holds, parsed on first use of that body. */
function parseBody(body: CatalogBody): BiomarkerCatalog {
  let catalog = parsedBodies.get(body);
  if (catalog === undefined) {
    // The body passed this schema when it was fetched; parsing again gives the typed value.
    catalog = BiomarkerCatalogSchema.parse(JSON.parse(Buffer.from(body.representation.identity.body).toString('utf8')));
    parsedBodies.set(body, catalog);
  }
  return catalog;
}

/**
 * All four panels from the service's cache, as the API serves them; rejects with the upstream's error when any is
 * unavailable.
 */
export async function loadCatalogSnapshot(service: CatalogService): Promise<CatalogSnapshot> {
  const lookups = await Promise.all(CATALOG_TEMPLATES.map((template) => service.cache.get(template)));
  const panels = Object.fromEntries(
    CATALOG_TEMPLATES.map((template, i) => [template, parseBody(lookups[i]!.value)]),
  ) as Record<CatalogTemplate, BiomarkerCatalog>;
  return {
    version: lookups.map((lookup) => lookup.value.representation.identity.etag).join(' '),
    freshness: leastFreshness(lookups.map((lookup) => catalogFreshness(service, lookup))),
    panels,
  };
}
