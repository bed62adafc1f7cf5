import type { CatalogTemplate } from '../schemas/catalog.ts';

/* The browser's filters, shared by the server and the page's script so both show the same markers for a URL,
 * and the panel kinds they choose by. This module ships to the browser: no runtime imports. */

/** A region whose labs a panel follows. */
export type PanelRegion = 'eu' | 'uk';

/** The size of a panel: complete (premium markers included) or light. */
export type PanelSize = 'complete' | 'light';

/** Region and size of each public panel (docs/service.md, "The catalog"), in the order the page lists regions. */
export const PANEL_KINDS: Readonly<Record<CatalogTemplate, { region: PanelRegion; size: PanelSize }>> = {
  'public-complete-eu': { region: 'eu', size: 'complete' },
  'public-light-eu': { region: 'eu', size: 'light' },
  'public-v2-complete-uk': { region: 'uk', size: 'complete' },
  'public-v2-light-uk': { region: 'uk', size: 'light' },
};

/** The regions, in the order a marker's panel line and the browser's form name them. */
export const PANEL_REGIONS: readonly PanelRegion[] = ['eu', 'uk'];

/** The sizes, in the order the browser's form offers them. */
export const PANEL_SIZES: readonly PanelSize[] = ['complete', 'light'];

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
 * A parameter with an unknown value: ignored and named on the page; only its name, as the value is request input
 * and the page must not echo it.
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
   * What the search matches, one `searchKey` per line (`searchText`): the name the page shows and the everyday words
   * of the page's language, a blank line, then the names in the other languages and the key.
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

/** Text folded for matching (NFKD without combining marks, lower case, `ß` as `ss`): "Hémoglobine" = "HEMOGLOBINE". */
export const searchKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();

const BOOLEAN_VALUES: Readonly<Record<string, boolean>> = { yes: true, no: false };
const CATEGORY = /^[a-z0-9-]{1,64}$/;

/** The one value of a parameter given once or repeated alike (case-insensitively); undefined when values conflict. */
function singleValue(values: string[], fold: (value: string) => string): string | undefined {
  const distinct = [...new Set(values.map(fold).filter((value) => value !== ''))];
  return distinct.length <= 1 ? (distinct[0] ?? '') : undefined;
}

/**
 * Reads the browser's parameters: empty means "any", same-value repeats count once, case is ignored. Unknown values
 * and conflicting repeats are ignored and reported for the page to say so; other parameters are ignored.
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
      (PANEL_REGIONS as string[]).includes(value) ? (filter.region = value as PanelRegion) : ignore();
    else if (param === 'panel')
      (PANEL_SIZES as string[]).includes(value) ? (filter.panel = value as PanelSize) : ignore();
    else if (param === 'category') CATEGORY.test(value) ? (filter.category = value) : ignore();
    else if (value in BOOLEAN_VALUES) filter[param] = BOOLEAN_VALUES[value];
    else ignore();
  }
  return { filter, ignored };
}

/** A view's canonical query, so equal views get equal strings: the key of a filtered view in the server's cache. */
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
 * Shortest search word that may match inside a word, for German compounds ("zucker" → "Blutzucker"); shorter ones
 * match word starts only, so "TSH" does not find SHBG through "geslachtshormoon". Only words in the page's language
 * (the name it shows, its everyday words) are searched inside: a reader knows where their own words split, not where
 * another language's do, so "iron" does not find free T3 through the Spanish and Italian "…tironina".
 */
const INFIX_MIN = 4;

/** Between a marker's `search` lines in the page's language and the others: a blank line, as no term is empty. */
const OTHER_TERMS = '\n\n';

/**
 * A marker's `search` text: `local`, its terms in the page's language (the name the page shows, everyday words), and
 * `other`, the rest (names in the other languages, the key), each folded by `searchKey`; empty terms are dropped.
 */
export function searchText(local: readonly string[], other: readonly string[]): string {
  const lines = (terms: readonly string[]) => terms.map(searchKey).filter((term) => term !== '');
  return `${lines(local).join('\n')}${OTHER_TERMS}${lines(other).join('\n')}`;
}

/** The words of a search term: letters and digits between any other characters. */
const wordsOf = (term: string): string[] => term.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

/** A marker's search terms and their words, split once per marker: a view ranks every marker. */
interface SplitTerms {
  /** Every term, the page's language first. */
  terms: string[];
  /** The words of every term. */
  words: string[];
  /** The words of the terms in the page's language: the only ones a search word may match inside. */
  localWords: string[];
}

const SPLIT = new WeakMap<FilterableMarker, SplitTerms>();

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

const searchTermsOf = (marker: FilterableMarker): SplitTerms => {
  let split = SPLIT.get(marker);
  if (split === undefined) {
    const at = marker.search.indexOf(OTHER_TERMS);
    const local = lines(at === -1 ? marker.search : marker.search.slice(0, at));
    const terms = [...local, ...(at === -1 ? [] : lines(marker.search.slice(at + OTHER_TERMS.length)))];
    split = { terms, words: terms.flatMap(wordsOf), localWords: local.flatMap(wordsOf) };
    SPLIT.set(marker, split);
  }
  return split;
};

/**
 * How well a marker matches a search, best first: 0 exact (name, key, everyday word, uuid); 1 a prefix of one; 2 every
 * word begins a word of one; 3 every word begins one or lies inside a word in the page's language (`INFIX_MIN`).
 * Undefined: no match. Empty text ranks all 0.
 */
export function searchRank(marker: FilterableMarker, q: string): number | undefined {
  const text = searchKey(q);
  if (text === '') return 0;
  const { terms, words, localWords } = searchTermsOf(marker);
  const uuid = marker.uuid.toLowerCase();
  if (text === uuid || terms.includes(text)) return 0;
  if (terms.some((term) => term.startsWith(text))) return 1;
  let rank = 2;
  for (const word of text.split(' ')) {
    const starts =
      words.some((candidate) => candidate.startsWith(word)) ||
      terms.some((term) => term.startsWith(word)) ||
      (word.length >= UUID_PREFIX_MIN && uuid.startsWith(word));
    if (starts) continue;
    if (word.length >= INFIX_MIN && localWords.some((candidate) => candidate.includes(word))) rank = 3;
    else return undefined;
  }
  return rank;
}

/** A marker's `searchRank` in a view, or undefined when the view's filters exclude it. */
function filterRank(marker: FilterableMarker, filter: BiomarkerFilter): number | undefined {
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

/** `items` sorted by `rankOf`, ties in their order. */
const byRank = <T>(items: readonly T[], rankOf: (item: T) => number): T[] =>
  items
    .map((item, index) => ({ item, index, rank: rankOf(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);

/** What one view shows of the page's categories: the server renders it, and the page's script applies it. */
export interface CategoryMatches<C> {
  /** The categories and their markers in display order: best matches first while searching (ties in page order). */
  ranked: readonly C[];
  /** The uuids of the markers that match. */
  shown: ReadonlySet<string>;
  /** How many matching markers each panel carries. */
  shownCounts: Record<CatalogTemplate, number>;
}

/** Applies a view's filters to the page's categories; every marker stays in them, `shown` marks the matches. */
export function matchCategories<C extends { markers: readonly FilterableMarker[] }>(
  categories: readonly C[],
  filter: BiomarkerFilter,
): CategoryMatches<C> {
  const markers = categories.flatMap((category) => category.markers);
  const ranks = new Map<string, number>();
  for (const marker of markers) {
    const rank = filterRank(marker, filter);
    if (rank !== undefined) ranks.set(marker.uuid, rank);
  }
  const rankOf = (marker: FilterableMarker) => ranks.get(marker.uuid) ?? Infinity;
  const ranked =
    filter.q === ''
      ? categories
      : byRank(
          categories.map((category) => ({ ...category, markers: byRank(category.markers, rankOf) })),
          (category) => Math.min(...category.markers.map(rankOf)),
        );
  const templates = Object.keys(PANEL_KINDS) as CatalogTemplate[];
  const shownCounts = Object.fromEntries(
    templates.map((template) => [
      template,
      markers.filter((m) => ranks.has(m.uuid) && m.templates.includes(template)).length,
    ]),
  ) as Record<CatalogTemplate, number>;
  return { ranked, shown: new Set(ranks.keys()), shownCounts };
}
