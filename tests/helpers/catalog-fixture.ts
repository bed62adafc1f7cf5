import { fileURLToPath } from 'node:url';
import { buildPanels } from '../../src/lib/catalog/build-panels.ts';
import { loadCatalogSource } from '../../src/lib/catalog/load-catalog-source.ts';
import type { LoadedPageData } from '../../src/lib/site-pages/page-data.ts';
import type { BiomarkerCatalog, CatalogTemplate } from '../../src/lib/schemas/catalog.ts';

/** A small valid catalog, independent of the bundled data. */
export function smallCatalog(markers = 3): BiomarkerCatalog {
  return {
    success: true,
    data: Array.from({ length: markers }, (_, i) => ({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      unit: 'mmol/L',
      translations: [{ locale: 'en', name: `Marker ${i}`, description: 'A test marker.' }],
    })),
  };
}

/** The four panels of the bundled data (`content/catalog/`), as the bundled origin serves them. */
export async function bundledPanels(baseUrl: string): Promise<Record<CatalogTemplate, BiomarkerCatalog>> {
  return buildPanels(
    await loadCatalogSource(fileURLToPath(new URL('../../content/catalog/', import.meta.url))),
    baseUrl,
  );
}

/** The data a data-driven page sees when the catalog is `panels`. */
export const loadedCatalog = (panels: Record<CatalogTemplate, BiomarkerCatalog>, version = 'v1'): LoadedPageData => ({
  ok: true,
  source: 'catalog',
  version,
  freshness: { maxAgeS: 60 },
  catalog: { version, freshness: { maxAgeS: 60 }, panels },
});
