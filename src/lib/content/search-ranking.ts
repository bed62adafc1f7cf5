/**
 * The metadata field of a marker's search record that holds what the biomarker browser's
 * filter matches (names in every language, key, everyday words): searchable, never shown.
 */
export const SEARCH_WORDS_META = 'words';

/**
 * Pagefind's ranking for the site search (its `ranking` option). Starlight's tuning for docs
 * sites (little weight on term frequency, strong on whole-word similarity), with no penalty
 * for a long page: the developer guide is the longest page and the reference for rate limits,
 * errors and conditional requests, so `429` or `ETag` should find it ahead of a short page
 * that repeats the word. A match in a marker's search words counts like one in a title, so
 * "good cholesterol" puts HDL cholesterol ahead of every page that mentions cholesterol.
 */
export const SEARCH_RANKING = {
  pageLength: 0,
  termFrequency: 0.1,
  termSaturation: 2,
  termSimilarity: 9,
  metaWeights: { title: 5, [SEARCH_WORDS_META]: 5 },
} as const;

/**
 * The weight of code in the search index (`data-pagefind-weight`; prose is 1): a code block
 * repeats an identifier (`etag`, `RateLimit`) that the prose around it explains, and a sample
 * repeats it once per language, so a page of code would otherwise outrank the explanation.
 */
export const CODE_SEARCH_WEIGHT = '0.5';
