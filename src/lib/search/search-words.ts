/** The marks around each search word in the index (invisible characters), between which an excerpt shows nothing. */
export const SEARCH_WORDS_OPEN = '\u2063';
export const SEARCH_WORDS_CLOSE = '\u2064';

/** Search words between their marks; an excerpt may begin or end among them. */
const SEARCH_WORDS = new RegExp(
  `${SEARCH_WORDS_OPEN}[^${SEARCH_WORDS_CLOSE}]*(${SEARCH_WORDS_CLOSE}|$)|^[^${SEARCH_WORDS_OPEN}]*${SEARCH_WORDS_CLOSE}`,
  'g',
);

/**
 * An excerpt without the search words it was cut from (`siteSearch.words`, a marker's names and everyday words):
 * they are found, never shown; empty where the excerpt held nothing else.
 */
export const withoutSearchWords = (excerpt: string): string =>
  excerpt
    .replace(SEARCH_WORDS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
