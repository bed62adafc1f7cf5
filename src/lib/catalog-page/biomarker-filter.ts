import type { CatalogTemplate } from '../schemas/catalog.ts';
import { PANEL_KINDS, type PanelRegion, type PanelSize } from './panel-kinds.ts';

/*
 * The biomarker browser's filters, shared by the server (HTML and Markdown of `/biomarkers`)
 * and the page's client script, so both show the same markers for the same URL. No runtime
 * imports beyond `panel-kinds.ts`: this module ships to the browser.
 */

/** The query parameters of `/biomarkers`, in the order a normalized query lists them. */
const FILTER_PARAMS = ['q', 'region', 'panel', 'category', 'calculated', 'premium'] as const;

/** One query parameter of the browser. */
type FilterParam = (typeof FILTER_PARAMS)[number];

/** Longest search text kept; longer input is cut (no name in the catalog comes close). */
export const MAX_QUERY_LENGTH = 100;

/** The filters of one view; undefined means "any". */
export interface BiomarkerFilter {
  /** Search text as typed (trimmed, inner whitespace collapsed); '' means none. */
  q: string;
  region: PanelRegion | undefined;
  panel: PanelSize | undefined;
  /** A category's anchor on the page; whether it exists is checked against the data. */
  category: string | undefined;
  calculated: boolean | undefined;
  premium: boolean | undefined;
}

/**
 * A parameter whose value the browser does not know: ignored, and named on the page. Only
 * its name: the value is request input, never written into a page (issue 30).
 */
export interface IgnoredValue {
  param: FilterParam;
}

/** What the canonical query holds for an ignored value: itself no value the browser knows. */
const IGNORED = 'unknown';

/** The result of reading a query: the filters, and what was ignored. */
export interface ParsedFilter {
  filter: BiomarkerFilter;
  ignored: IgnoredValue[];
}

/** What a marker offers the filters; the page writes the same facts into its `data-*` attributes. */
export interface FilterableMarker {
  /**
   * What the search matches, one `searchKey` per line: its names in every language, its key,
   * and the everyday words the page's language has for it (`catalog.searchTerms`).
   */
  search: string;
  /** Found by its whole uuid, or by the start of it (at least `UUID_PREFIX_MIN` characters). */
  uuid: string;
  templates: readonly CatalogTemplate[];
  category: string;
  calculated: boolean;
  premiumIn: readonly PanelRegion[];
}

/** The filters of the unfiltered page. */
const NO_FILTER: BiomarkerFilter = {
  q: '',
  region: undefined,
  panel: undefined,
  category: undefined,
  calculated: undefined,
  premium: undefined,
};

/**
 * Text folded for matching: Unicode NFKD without combining marks, lower-cased, `ß` as `ss`,
 * so "Hémoglobine", "hemoglobine" and "HEMOGLOBINE" are one key, as are "Glukose" typed
 * with or without capitals.
 */
export const searchKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();

const BOOLEAN_VALUES: Readonly<Record<string, boolean>> = { yes: true, no: false };
const REGIONS: readonly PanelRegion[] = ['eu', 'uk'];
const SIZES: readonly PanelSize[] = ['complete', 'light'];
const CATEGORY = /^[a-z0-9-]{1,64}$/;

/** The one value of a parameter given once or repeated alike (case-insensitively); undefined when values conflict. */
function singleValue(values: string[], fold: (value: string) => string): string | undefined {
  const distinct = [...new Set(values.map(fold).filter((value) => value !== ''))];
  return distinct.length <= 1 ? (distinct[0] ?? '') : undefined;
}

/**
 * Reads the browser's parameters from a query. Empty values mean "any" (the form sends
 * them); a parameter repeated with the same value counts once; values are matched without
 * regard to case. A value the browser does not know, or conflicting repeats, is ignored
 * and reported, so the page can say so. Other parameters are ignored, as the API does.
 */
export function parseFilter(query: URLSearchParams): ParsedFilter {
  const filter: BiomarkerFilter = { ...NO_FILTER };
  const ignored: IgnoredValue[] = [];
  const lower = (value: string) => value.trim().toLowerCase();
  for (const param of FILTER_PARAMS) {
    const values = query.getAll(param);
    if (values.length === 0) continue;
    const fold = param === 'q' ? (value: string) => value.replace(/\s+/g, ' ').trim() : lower;
    // Repeated search texts narrow the search together, as words of one text do.
    const value = param === 'q' ? [...new Set(values.map(fold))].join(' ').trim() : singleValue(values, fold);
    const ignore = () => ignored.push({ param });
    if (value === undefined) ignore();
    else if (value === '') continue;
    else if (param === 'q') filter.q = value.slice(0, MAX_QUERY_LENGTH);
    else if (param === 'region')
      (REGIONS as string[]).includes(value) ? (filter.region = value as PanelRegion) : ignore();
    else if (param === 'panel') (SIZES as string[]).includes(value) ? (filter.panel = value as PanelSize) : ignore();
    else if (param === 'category') CATEGORY.test(value) ? (filter.category = value) : ignore();
    else if (value in BOOLEAN_VALUES) filter[param] = BOOLEAN_VALUES[value];
    else ignore();
  }
  return { filter, ignored };
}

/**
 * The canonical query of a view (without `?`): parameters in `FILTER_PARAMS` order, values
 * lower-cased except the search text, "any" left out, an ignored value as `unknown` so the
 * page can name its parameter. Equal views get equal strings: the key of a filtered view in the server's cache.
 */
export function formatFilter({ filter, ignored }: ParsedFilter): string {
  const query = new URLSearchParams();
  for (const param of FILTER_PARAMS) {
    const value = filter[param];
    if (typeof value === 'boolean') query.append(param, value ? 'yes' : 'no');
    else if (value !== undefined && value !== '') query.append(param, value);
    if (ignored.some((entry) => entry.param === param)) query.append(param, IGNORED);
  }
  return query.toString();
}

/** The panels a marker must be on: those of the chosen region and size (all when neither is chosen). */
function wantedTemplates(filter: BiomarkerFilter): CatalogTemplate[] {
  return (Object.keys(PANEL_KINDS) as CatalogTemplate[]).filter((template) => {
    const { region, size } = PANEL_KINDS[template];
    return (filter.region ?? region) === region && (filter.panel ?? size) === size;
  });
}

/** Fewest characters of a uuid's start that find its marker: a pasted segment, not any hex digits. */
const UUID_PREFIX_MIN = 8;

/**
 * Fewest characters of a search word that may also match inside a word of a name, as German
 * compounds need ("zucker" finds "Blutzucker"); shorter ones match at a word's start only, so
 * "TSH" does not find SHBG through the Dutch "geslachtshormoon".
 */
const INFIX_MIN = 4;

/** The words of a search term: letters and digits between any other characters. */
const wordsOf = (term: string): string[] => term.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

/**
 * How well a marker matches a search text, best first: 0, the text is one of its names, its
 * key, an everyday word for it or its uuid; 1, one of those begins with the text; 2, every word
 * of the text begins a word of one of them; 3, every word is at least part of a word (see
 * `INFIX_MIN`). Undefined: it does not match. An empty text matches everything equally (0).
 */
export function searchRank(marker: FilterableMarker, q: string): number | undefined {
  const text = searchKey(q);
  if (text === '') return 0;
  const terms = marker.search.split('\n');
  const uuid = marker.uuid.toLowerCase();
  if (text === uuid || terms.includes(text)) return 0;
  if (terms.some((term) => term.startsWith(text))) return 1;
  const words = terms.flatMap(wordsOf);
  let rank = 2;
  for (const word of text.split(' ')) {
    const starts =
      words.some((candidate) => candidate.startsWith(word)) ||
      terms.some((term) => term.startsWith(word)) ||
      (word.length >= UUID_PREFIX_MIN && uuid.startsWith(word));
    if (starts) continue;
    if (word.length >= INFIX_MIN && words.some((candidate) => candidate.includes(word))) rank = 3;
    else return undefined;
  }
  return rank;
}

/**
 * Where a marker stands in a view: undefined when it does not show, else its `searchRank`. It
 * shows when it matches the search text; it is on a panel of the chosen region and size; it is
 * in the chosen category; calculated and premium (in the chosen region, or any) as chosen.
 */
export function filterRank(marker: FilterableMarker, filter: BiomarkerFilter): number | undefined {
  const panels = wantedTemplates(filter);
  if (!marker.templates.some((template) => panels.includes(template))) return undefined;
  if (filter.category !== undefined && marker.category !== filter.category) return undefined;
  if (filter.calculated !== undefined && marker.calculated !== filter.calculated) return undefined;
  if (filter.premium !== undefined) {
    const premium = marker.premiumIn.some((region) => (filter.region ?? region) === region);
    if (premium !== filter.premium) return undefined;
  }
  return searchRank(marker, filter.q);
}
