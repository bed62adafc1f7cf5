import { isItemKey } from '../content/page-registry.ts';
import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
} from '../schemas/catalog.ts';

/** The item's permanent `metadata.key` when the origin gives a usable one (the metadata is an open object). */
export function metadataKey(item: BiomarkerCatalogItem): string | undefined {
  const key = item.metadata?.['key'];
  return typeof key === 'string' && isItemKey(key) ? key : undefined;
}

/**
 * A calculated marker's inputs by key, each a list of alternatives; non-key entries dropped (the metadata is an open
 * object).
 */
export function derivedFromKeys(item: BiomarkerCatalogItem): string[][] {
  const raw = item.metadata?.['derivedFrom'];
  if (!Array.isArray(raw)) return [];
  const groups = raw.map((entry: unknown) =>
    (Array.isArray(entry) ? entry : [entry]).filter((key): key is string => typeof key === 'string' && key !== ''),
  );
  return groups.filter((group) => group.length > 0);
}

/**
 * Each marker's page key by uuid: `metadata.key`, else its lower-cased uuid when unusable or taken. Panels are read in
 * a fixed order (complete EU first), so keys do not depend on which page asks.
 */
export function assignMarkerKeys(panels: Record<CatalogTemplate, BiomarkerCatalog>): Map<string, string> {
  const keys = new Map<string, string>();
  const taken = new Set<string>();
  for (const template of CATALOG_TEMPLATES) {
    for (const item of panels[template].data) {
      if (keys.has(item.uuid)) continue;
      const wanted = metadataKey(item);
      const key = wanted !== undefined && !taken.has(wanted) ? wanted : item.uuid.toLowerCase();
      keys.set(item.uuid, key);
      taken.add(key);
    }
  }
  return keys;
}
