import {
  BiomarkerCatalogSchema,
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
  type Category,
  type Translation,
} from '../schemas/catalog.ts';
import type { CatalogSource } from './load-catalog-source.ts';
import { CATALOG_LOCALES } from '../content/locales.ts';
import { PANEL_KEYS, type CategorySource, type MarkerSource } from './source-schema.ts';

/** Public URL of a category's icon, served by the site from `public/images/categories/`. */
export const categoryImageUrl = (baseUrl: string, type: string): string => `${baseUrl}/images/categories/${type}.svg`;

function translations(source: MarkerSource['translations']): Translation[] {
  return CATALOG_LOCALES.map((locale) => {
    const { name, description } = source[locale];
    return { locale, name, ...(description === undefined ? {} : { description }) };
  });
}

function category(source: CategorySource, baseUrl: string): Category {
  return {
    uuid: source.uuid,
    type: source.type,
    imageUrl: categoryImageUrl(baseUrl, source.type),
    translations: translations(source.translations),
  };
}

/** A panel as the data names it: its region and size. */
type PanelKey = keyof typeof PANEL_KEYS;
type Region = 'eu' | 'uk';

/**
 * Whether a marker is premium on `panel`: on its region's complete panel, not its light one, so premium means what
 * the complete panel adds; regions differ (docs/service.md, "The catalog").
 */
function isPremiumOn(marker: Pick<MarkerSource, 'panels'>, panel: PanelKey): boolean {
  const region = panel.endsWith('-uk') ? 'uk' : 'eu';
  return (
    panel === `complete-${region}` &&
    marker.panels.includes(`complete-${region}`) &&
    !marker.panels.includes(`light-${region}`)
  );
}

function item(marker: MarkerSource, cat: Category, panel: PanelKey): BiomarkerCatalogItem {
  const region: Region = panel.endsWith('-uk') ? 'uk' : 'eu';
  const unit = region === 'uk' ? (marker.unitUk ?? marker.unit) : marker.unit;
  const { key, specimen, derivedFrom } = marker;
  return {
    id: marker.id,
    uuid: marker.uuid,
    ...(unit === undefined ? {} : { unit }),
    ...(marker.computedInternally ? { computedInternally: true } : {}),
    ...(isPremiumOn(marker, panel) ? { premium: true } : {}),
    metadata: { key, specimen, ...(derivedFrom === undefined ? {} : { derivedFrom }) },
    category: cat,
    translations: translations(marker.translations),
  };
}

/** The four public panels as the origin serves them, validated by the same schema the site applies upstream. */
export function buildPanels(source: CatalogSource, baseUrl: string): Record<CatalogTemplate, BiomarkerCatalog> {
  const categories = new Map(source.categories.map((c) => [c.type, category(c, baseUrl)]));
  const panelOf = Object.fromEntries(Object.entries(PANEL_KEYS).map(([key, template]) => [template, key]));
  const entries = CATALOG_TEMPLATES.map((template) => {
    const key = panelOf[template] as PanelKey;
    const data = source.markers
      .filter((marker) => marker.panels.includes(key))
      .map((marker) => item(marker, categories.get(marker.category)!, key));
    return [template, BiomarkerCatalogSchema.parse({ success: true, data })] as const;
  });
  return Object.fromEntries(entries) as Record<CatalogTemplate, BiomarkerCatalog>;
}
