import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { CATALOG_TEMPLATES } from '../schemas/catalog.ts';
import type { MarkerView } from './build-catalog-view.ts';
import { PANEL_KINDS, PANEL_REGIONS, type PanelRegion } from './biomarker-filter.ts';

/** Whether any panel of `region` carries the marker. */
const carriedIn = (marker: MarkerView, region: PanelRegion): boolean =>
  marker.templates.some((template) => PANEL_KINDS[template].region === region);

/** A marker's unit: the EU one, plus the UK one where it differs (`mU/L (UK: pmol/L)`). */
export function unitLabel(marker: MarkerView, ui: CatalogUiStrings): string {
  const eu = marker.unitEu ?? ui.noUnit;
  const uk = marker.unitUk ?? ui.noUnit;
  const inEu = carriedIn(marker, 'eu');
  if (inEu && carriedIn(marker, 'uk') && marker.unitEu !== marker.unitUk) {
    return `${eu} (${ui.ukUnit.replace('{unit}', uk)})`;
  }
  return inEu ? eu : uk;
}

/** Which panels of a region carry a marker: `complete, light`, `complete`, or "not included". */
export function regionLabel(marker: MarkerView, region: PanelRegion, ui: CatalogUiStrings): string {
  const sizes = CATALOG_TEMPLATES.filter(
    (template) => marker.templates.includes(template) && PANEL_KINDS[template].region === region,
  ).map((template) => ui[PANEL_KINDS[template].size]);
  return sizes.length === 0 ? ui.notIncluded : sizes.join(', ');
}

/** The name of a region in the page's language. */
export const regionName = (region: PanelRegion, ui: CatalogUiStrings): string =>
  region === 'eu' ? ui.regionEu : ui.regionUk;

/** A badge of a marker: which flag it shows and its label in the page's language. */
export interface MarkerBadge {
  kind: 'calculated' | 'premium';
  label: string;
}

/** Badges: calculated, then premium; premium is per region, so a partial one names it (`Premium (EU)`). */
export function markerBadges(marker: MarkerView, ui: CatalogUiStrings): MarkerBadge[] {
  const badges: MarkerBadge[] = [];
  if (marker.calculated) badges.push({ kind: 'calculated', label: ui.calculated });
  const everywhere = PANEL_REGIONS.every((region) => !carriedIn(marker, region) || marker.premiumIn.includes(region));
  if (marker.premiumIn.length > 0) {
    const label = everywhere
      ? ui.premium
      : `${ui.premium} (${marker.premiumIn.map((r) => regionName(r, ui)).join(', ')})`;
    badges.push({ kind: 'premium', label });
  }
  return badges;
}

/** "12 biomarkers", with the plural form CLDR gives the number in `locale`. */
export function markerCountLabel(count: number, locale: string, ui: CatalogUiStrings): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? ui.markerCount.one : ui.markerCount.other;
  return form.replace('{count}', new Intl.NumberFormat(locale).format(count));
}
