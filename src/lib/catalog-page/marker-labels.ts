import type { CatalogUiStrings, MarkerPageUiStrings, UiStrings } from '../content/ui-strings-schema.ts';
import { CATALOG_TEMPLATES } from '../schemas/catalog.ts';
import type { MarkerView } from './build-catalog-view.ts';
import type { MarkerLink } from './build-marker-page-view.ts';
import { PANEL_KINDS, PANEL_REGIONS, type PanelRegion } from './biomarker-filter.ts';

/** Whether any panel of `region` carries the marker. */
const carriedIn = (marker: MarkerView, region: PanelRegion): boolean =>
  marker.templates.some((template) => PANEL_KINDS[template].region === region);

/**
 * A unit as the page's language writes a number in it: `mL/min/1,73 m²` on a German page. For display only: the API
 * serves the unit as one string for every language (`1.73`), and the request sample's output prints it so.
 */
function displayUnit(unit: string, locale: string): string {
  const { decimal } = numbersOf(locale);
  return decimal === '.' ? unit : unit.replace(/(?<=\d)\.(?=\d)/g, decimal);
}

/** A marker's unit: the EU one, plus the UK one where it differs (`mU/L (UK: pmol/L)`), as `locale` writes numbers. */
export function unitLabel(marker: MarkerView, ui: CatalogUiStrings, locale: string): string {
  const eu = marker.unitEu === undefined ? ui.noUnit : displayUnit(marker.unitEu, locale);
  const uk = marker.unitUk === undefined ? ui.noUnit : displayUnit(marker.unitUk, locale);
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

/**
 * A marker page's row for each region: its name, then the unit (as `locale` writes numbers), panels and premium flag
 * there ('–' without a panel).
 */
export function regionRows(
  marker: MarkerView,
  ui: MarkerPageUiStrings,
  catalogUi: CatalogUiStrings,
  locale: string,
): string[][] {
  return PANEL_REGIONS.map((region) => {
    const carried = carriedIn(marker, region);
    const served = region === 'eu' ? marker.unitEu : marker.unitUk;
    const unit = served === undefined ? catalogUi.noUnit : displayUnit(served, locale);
    const premium = marker.premiumIn.includes(region) ? ui.yes : ui.no;
    return [
      regionName(region, catalogUi),
      carried ? unit : '–',
      regionLabel(marker, region, catalogUi),
      carried ? premium : '–',
    ];
  });
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
  const { plural, number } = numbersOf(locale);
  const form = plural.select(count) === 'one' ? ui.markerCount.one : ui.markerCount.other;
  return form.replace('{count}', number.format(count));
}

/** Each locale's plural rules, number format and decimal sign, made once: making them costs more than using them. */
const NUMBERS = new Map<string, { plural: Intl.PluralRules; number: Intl.NumberFormat; decimal: string }>();

const numbersOf = (locale: string) => {
  let numbers = NUMBERS.get(locale);
  if (numbers === undefined) {
    const number = new Intl.NumberFormat(locale);
    const decimal = number.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    numbers = { plural: new Intl.PluralRules(locale), number, decimal };
    NUMBERS.set(locale, numbers);
  }
  return numbers;
};

/** A language's name in the page's language with its tag: `French (fr)`, `Französisch (fr)`. */
export function languageName(tag: string, locale: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(tag);
  } catch {
    name = undefined; // not a well-formed tag: show the tag alone
  }
  return name === undefined ? tag : `${name} (${tag})`;
}

/** One piece of a joined list: an item (by its index) or the words between items. */
type ListPart = { type: 'item'; index: number } | { type: 'literal'; value: string };

/** The pieces of a `count`-item list as the language joins them (CLDR), so each item can be a link. */
function joinedParts(count: number, locale: string, type: 'conjunction' | 'disjunction'): ListPart[] {
  const placeholders = Array.from({ length: count }, (_, i) => `\u0000${i}\u0000`);
  const parts = new Intl.ListFormat(locale, { type }).formatToParts(placeholders);
  return parts.map((part) =>
    part.type === 'element'
      ? { type: 'item', index: Number(part.value.replaceAll('\u0000', '')) }
      : { type: 'literal', value: part.value },
  );
}

/** A calculated marker's inputs as pieces: groups joined with "and", alternatives with "or". */
export function derivedFromParts(derivedFrom: MarkerLink[][], locale: string): Array<MarkerLink | string> {
  return joinedParts(derivedFrom.length, locale, 'conjunction').flatMap((part) => {
    if (part.type === 'literal') return [part.value];
    const group = derivedFrom[part.index]!;
    return joinedParts(group.length, locale, 'disjunction').map((inner) =>
      inner.type === 'literal' ? inner.value : group[inner.index]!,
    );
  });
}

/** The specimen in words (`metadata.specimen`); a value the strings do not know is shown as the origin gives it. */
export function specimenLabel(specimen: string, ui: MarkerPageUiStrings): string {
  return Object.hasOwn(ui.specimens, specimen) ? ui.specimens[specimen as keyof typeof ui.specimens] : specimen;
}

/**
 * The words the biomarker browser finds a marker by besides its names and key, by marker key: its everyday words and
 * its other names (shown as "also known as" on its page), so a name a page shows is one the filter finds.
 *
 * @internal
 */
export function markerSearchWords(ui: UiStrings): Record<string, readonly string[]> {
  const words: Record<string, readonly string[]> = { ...ui.catalog.searchTerms };
  for (const [key, aliases] of Object.entries(ui.marker.aliases)) words[key] = [...(words[key] ?? []), ...aliases];
  return words;
}

/**
 * The search vocabulary of a page's catalog view (`CatalogViewOptions`), the one both the browser's filter and the
 * site search index read: the page language's words (`markerSearchWords`) and fillers, and the other languages' words,
 * found as their names are ("Blutzucker" on the English page finds fasting glucose, shown by its English name).
 */
export function catalogSearchWords(ui: UiStrings, otherUi: readonly UiStrings[]) {
  const otherSearchTerms: Record<string, string[]> = {};
  for (const words of otherUi.map(markerSearchWords)) {
    for (const [key, terms] of Object.entries(words))
      otherSearchTerms[key] = [...(otherSearchTerms[key] ?? []), ...terms];
  }
  return { searchTerms: markerSearchWords(ui), searchFillers: ui.catalog.searchFillers, otherSearchTerms };
}
