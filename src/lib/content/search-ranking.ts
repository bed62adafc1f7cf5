/**
 * The weight of a page's or section's search words (`siteSearch.words` in `content/i18n/<lang>.yaml`) in the index:
 * a word a reader types for what the section says ("throttling", "preflight") counts more than a heading's (Pagefind's
 * most is 10).
 */
export const SEARCH_WORDS_WEIGHT = '10';

/** The weights of a marker record's own search words (key, everyday words) and of its other ones (see `markerRecordHtml`). */
export const MARKER_OWN_WORDS_WEIGHT = '10';
export const MARKER_OTHER_WORDS_WEIGHT = '3';

/** The file, beside Pagefind's, with the words a misspelling is read as, per locale: `known-words.<lang>.json`. */
export const knownWordsFile = (locale: string): string => `known-words.${locale}.json`;

/**
 * Pagefind's ranking for the site search (its `ranking` option). Starlight's tuning for docs
 * sites (little weight on term frequency, strong on whole-word similarity), with no penalty
 * for a long page: the developer guide is the longest page and the reference for rate limits,
 * errors and conditional requests, so `429` or `ETag` should find it ahead of a short page
 * that repeats the word. A marker's search words weigh in its record (`MARKER_OWN_WORDS_WEIGHT`), so
 * "good cholesterol" puts HDL cholesterol ahead of every page that mentions cholesterol.
 */
export const SEARCH_RANKING = {
  pageLength: 0,
  termFrequency: 0.1,
  termSaturation: 2,
  termSimilarity: 9,
  // The title is also a heading of the record, where term similarity applies; as a metadata field it matched by
  // prefix at full weight, so `CORS` found cortisol first.
  metaWeights: { title: 0.1 },
} as const;

/**
 * The weight of code in the search index (`data-pagefind-weight`; prose is 1): a code block
 * repeats an identifier (`etag`, `RateLimit`) that the prose around it explains, and a sample
 * repeats it once per language, so a page of code would otherwise outrank the explanation.
 */
export const CODE_SEARCH_WEIGHT = '0.5';
