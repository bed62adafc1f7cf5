import type { BiomarkerCatalog } from '../../src/lib/schemas/catalog.ts';

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
