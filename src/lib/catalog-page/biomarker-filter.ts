import type { CatalogTemplate } from '../schemas/catalog.ts';
import { FORGIVEN_FROM_LETTERS, withinOneEdit } from '../search/typing.ts';
import { searchKey } from '../search/search-key.ts';

/* The browser's filters, shared by the server and the page's script so both show the same markers for a URL,
 * and the panel kinds they choose by. This module ships to the browser: its only runtime import is the shared
 * reading of typing (`typing.ts`, one small distance package). */

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
  /** The terms in the page's language. */
  local: string[];
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
    split = { terms, local, words: terms.flatMap(wordsOf), localWords: local.flatMap(wordsOf) };
    SPLIT.set(marker, split);
  }
  return split;
};

/**
 * How a locale reads a search before matching (`catalog.searchFillers`), folded by `searchKey`: words a reader adds
 * around the name ("cholesterol level", "TSH-Wert"), dropped so that the name alone is matched.
 */
export interface QueryReading {
  /** Words dropped from a search of several words: "vitamin d test" is "vitamin d"; "test" alone stays. */
  fillers: readonly string[];
  /**
   * Endings dropped from a word that matches nothing as typed, with a hyphen before them: "cholesterinwert" is
   * "cholesterin", "tsh-wert" is "tsh"; "nierenwerte", an everyday word itself, stays.
   */
  endings: readonly string[];
}

/** A reading that drops nothing. */
const NO_READING: QueryReading = { fillers: [], endings: [] };

/** The reading of a locale's `catalog.searchFillers`: words, and endings written with a leading hyphen (`-wert`). */
export function queryReading(fillers: readonly string[]): QueryReading {
  const folded = fillers.map(searchKey).filter((filler) => filler.replace(/^-/, '') !== '');
  return {
    fillers: folded.filter((filler) => !filler.startsWith('-')),
    // Longest first, so "-werte" is dropped whole rather than leaving an "e".
    endings: folded
      .filter((filler) => filler.startsWith('-'))
      .map((ending) => ending.slice(1))
      .sort((a, b) => b.length - a.length),
  };
}

/** One word of a search as the filter matches it. */
interface SearchWord {
  text: string;
  /**
   * Known words within one edit of a word that matches nothing as typed (`withinOneEdit`): the word matches where one
   * of them does, ranked below every match as typed. Undefined for a word matched as typed.
   */
  forgiven?: readonly string[];
}

/** A search as the filter matches it: folded, fillers and endings dropped, misspellings forgiven. @internal */
export interface SearchQuery {
  /** The words joined by spaces, for exact and prefix matches of a whole term. */
  text: string;
  words: readonly SearchWord[];
}

/**
 * Ranks of a marker's match, best first: the search is a whole term (name, key, everyday word, uuid); the start of
 * one; else the worst of its words' ranks: a whole word of a term in the page's language; the start of one; the start
 * of a word or term in any language (or of the uuid, from `UUID_PREFIX_MIN` characters); inside a word in the page's
 * language (`INFIX_MIN`); a forgiven misspelling.
 *
 * @internal
 */
export const RANKS = {
  exact: 0,
  prefix: 1,
  localWord: 2,
  localStart: 3,
  start: 4,
  inside: 5,
  forgiven: 6,
} as const;

/** How one search word matches a marker (`RANKS`), or undefined. */
function wordRank({ terms, local, words, localWords }: SplitTerms, uuid: string, word: string): number | undefined {
  if (localWords.includes(word)) return RANKS.localWord;
  if (localWords.some((candidate) => candidate.startsWith(word)) || local.some((term) => term.startsWith(word)))
    return RANKS.localStart;
  if (
    words.some((candidate) => candidate.startsWith(word)) ||
    terms.some((term) => term.startsWith(word)) ||
    (word.length >= UUID_PREFIX_MIN && uuid.startsWith(word))
  )
    return RANKS.start;
  if (word.length >= INFIX_MIN && localWords.some((candidate) => candidate.includes(word))) return RANKS.inside;
  return undefined;
}

/** Whether some marker matches `word` as typed. */
const known = (markers: readonly FilterableMarker[], word: string): boolean =>
  markers.some((marker) => wordRank(searchTermsOf(marker), marker.uuid.toLowerCase(), word) !== undefined);

/**
 * A word that matches no marker as typed, read again: without a filler ending, else as the words of the markers'
 * terms (`vocabulary`) one edit off.
 */
function reread(
  word: string,
  markers: readonly FilterableMarker[],
  reading: QueryReading,
  vocabulary: () => ReadonlySet<string>,
): SearchWord {
  for (const ending of reading.endings) {
    const stem = word.slice(0, -ending.length).replace(/-$/, '');
    if (word.endsWith(ending) && stem.length >= 2 && known(markers, stem)) return { text: stem };
  }
  if (word.length < FORGIVEN_FROM_LETTERS) return { text: word };
  const forgiven = [...vocabulary()].filter((candidate) => withinOneEdit(word, candidate));
  return forgiven.length === 0 ? { text: word } : { text: word, forgiven };
}

/**
 * Most words of one search read as misspellings: each costs a pass over the view's vocabulary, and a search of more
 * misspelt words than this is no name a reader means.
 */
const FORGIVEN_WORDS_MAX = 3;

/** The words of the markers' terms, the words a misspelling is read as. */
const vocabularyOf = (markers: readonly FilterableMarker[]): ReadonlySet<string> =>
  new Set(markers.flatMap((marker) => searchTermsOf(marker).words));

/** Each list of categories' vocabulary, read the first time a search of it has a misspelling: a view keeps its list. */
const VOCABULARY = new WeakMap<readonly object[], ReadonlySet<string>>();

/**
 * Reads a search against the markers a view ranks: folded, filler words dropped (unless nothing else is left), and
 * each word that matches no marker as typed read again (`reread`), until one stays unknown: then nothing matches,
 * and the words after it are not read again.
 */
function readQuery(
  q: string,
  markers: readonly FilterableMarker[],
  reading: QueryReading,
  lexicon: () => ReadonlySet<string> = () => vocabularyOf(markers),
): SearchQuery {
  const text = searchKey(q);
  if (text === '') return { text, words: [] };
  const typed = text.split(' ');
  const kept = typed.filter((word) => !reading.fillers.includes(word));
  let forgiven = 0;
  let unknown = false;
  const words = (kept.length === 0 ? typed : kept).map((word): SearchWord => {
    if (unknown || known(markers, word)) return { text: word };
    const read = reread(word, markers, reading, forgiven < FORGIVEN_WORDS_MAX ? lexicon : () => new Set());
    if (read.forgiven !== undefined) forgiven += 1;
    else unknown = read.text === word;
    return read;
  });
  return { text: words.map((word) => word.text).join(' '), words };
}

/** How well a marker matches a search (`RANKS`); undefined: no match. An empty search ranks all exact. */
function rankMarker(marker: FilterableMarker, query: SearchQuery): number | undefined {
  if (query.words.length === 0) return RANKS.exact;
  const split = searchTermsOf(marker);
  const uuid = marker.uuid.toLowerCase();
  const { text } = query;
  if (text === uuid || split.terms.includes(text)) return RANKS.exact;
  if (split.terms.some((term) => term.startsWith(text))) return RANKS.prefix;
  let rank: number = RANKS.localWord;
  for (const word of query.words) {
    const found =
      word.forgiven === undefined
        ? wordRank(split, uuid, word.text)
        : word.forgiven.some((candidate) => wordRank(split, uuid, candidate) !== undefined)
          ? RANKS.forgiven
          : undefined;
    if (found === undefined) return undefined;
    rank = Math.max(rank, found);
  }
  return rank;
}

/** A marker's rank for a search read against that marker alone, without fillers: for one marker's own matches. @internal */
export const searchRank = (marker: FilterableMarker, q: string): number | undefined =>
  rankMarker(marker, readQuery(q, [marker], NO_READING));

/** A marker's `rankMarker` in a view, or undefined when the view's filters exclude it. */
function filterRank(marker: FilterableMarker, filter: BiomarkerFilter, query: SearchQuery): number | undefined {
  const panels = wantedTemplates(filter);
  if (!marker.templates.some((template) => panels.includes(template))) return undefined;
  if (filter.category !== undefined && marker.category !== filter.category) return undefined;
  if (filter.calculated !== undefined && marker.calculated !== filter.calculated) return undefined;
  if (filter.premium !== undefined) {
    const premium = marker.premiumIn.some((region) => (filter.region ?? region) === region);
    if (premium !== filter.premium) return undefined;
  }
  return rankMarker(marker, query);
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
  /** The rank of each match by uuid (`RANKS`), for a list of the best matches across categories. */
  ranks: ReadonlyMap<string, number>;
  /** How many matching markers each panel carries. */
  shownCounts: Record<CatalogTemplate, number>;
}

/**
 * Applies a view's filters to the page's categories, its search read the locale's way (`readQuery`); every marker
 * stays in them, `shown` marks the matches.
 */
export function matchCategories<C extends { markers: readonly FilterableMarker[] }>(
  categories: readonly C[],
  filter: BiomarkerFilter,
  reading: QueryReading,
): CategoryMatches<C> {
  const markers = categories.flatMap((category) => category.markers);
  const lexicon = () => {
    let words = VOCABULARY.get(categories);
    if (words === undefined) VOCABULARY.set(categories, (words = vocabularyOf(markers)));
    return words;
  };
  const query = readQuery(filter.q, markers, reading, lexicon);
  const ranks = new Map<string, number>();
  for (const marker of markers) {
    const rank = filterRank(marker, filter, query);
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
  return { ranked, shown: new Set(ranks.keys()), ranks, shownCounts };
}
