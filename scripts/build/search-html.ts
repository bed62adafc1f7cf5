// Build step: what the search index reads of a prepared page, beside what the page shows.
import {
  MARKER_OTHER_WORDS_WEIGHT,
  MARKER_OWN_WORDS_WEIGHT,
  SEARCH_WORDS_WEIGHT,
} from '../../src/lib/content/search-ranking.ts';
import { SEARCH_WORDS_CLOSE, SEARCH_WORDS_OPEN } from '../../src/lib/search/search-words.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A hidden, weighted element holding a section's search words. Pagefind indexes it as text of the section it sits in;
 * the marks around each word let `site-search.ts` cut them out of an excerpt, which may begin and end among them.
 */
const wordsElement = (words: readonly string[], weight = SEARCH_WORDS_WEIGHT) =>
  `<span hidden data-pagefind-weight="${weight}">${words.map((word) => `${SEARCH_WORDS_OPEN} ${escapeHtml(word)} ${SEARCH_WORDS_CLOSE}`).join(' ')}</span>`;

/**
 * A marker's search record as a page of its own: its name (the title), its description (what an excerpt is cut
 * from) and, hidden and weighted like the vocabulary's words, what the biomarker browser's filter matches. As text of
 * the record, not a metadata field, these words rank by Pagefind's term similarity: a whole word beats a word that
 * only begins with the query ("CORS" found cortisol first through the fields' prefix match).
 */
export function markerRecordHtml(locale: string, name: string, description: string, words: MarkerWords) {
  const text = `<h1>${escapeHtml(name)}</h1><p>${escapeHtml(description)}</p>`;
  const own = wordsElement(words.own, MARKER_OWN_WORDS_WEIGHT);
  return `<html lang="${locale}"><body><main data-pagefind-body>${text}${own}${wordsElement(words.other, MARKER_OTHER_WORDS_WEIGHT)}</main></body></html>`;
}

/**
 * A marker's search words in two weights: its own (its key and the locale's everyday words for it: `a1c`,
 * `good cholesterol`) count most, so an exact alias puts its page first; its names in other languages and its
 * category's words (shared with the category's other markers) count less.
 */
export interface MarkerWords {
  own: readonly string[];
  other: readonly string[];
}

/**
 * The page's HTML with the vocabulary's words of `path` (`developers`) and of its sections (`developers#rate-limits`)
 * placed where Pagefind counts them: the page's words after its title, a section's after its heading. Throws on a
 * key whose section the page does not have, so the vocabulary never points at a heading that was renamed.
 */
export function withSearchWords(html: string, path: string, vocabulary: Readonly<Record<string, readonly string[]>>) {
  let result = html;
  for (const [key, words] of Object.entries(vocabulary)) {
    const [page, anchor] = key.split('#');
    if (page !== path) continue;
    const heading =
      anchor === undefined ? /<h1 [^>]*>.*?<\/h1>/s : new RegExp(`<h[1-6] id="${anchor}"[^>]*>.*?</h[1-6]>`, 's');
    const match = heading.exec(result);
    if (match === null) throw new Error(`siteSearch.words: ${key} names no heading of /${path}`);
    const end = match.index + match[0].length;
    result = `${result.slice(0, end)}${wordsElement(words)}${result.slice(end)}`;
  }
  return result;
}

/** A uuid: the index leaves them out, as their parts matched numbers ("304" found a marker whose uuid holds it). */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The HTML Pagefind reads of a prepared page: no uuids (a pasted uuid is read as its marker's key, see
 * `corrected-query.ts`); not the entries of the biomarker list, which each marker's own record stands for (with
 * every marker's description and "UUID" label, the list would come first for `kidney`, `anaemia` and `uuid`); a code block's
 * lines apart (Expressive Code writes them without a line break between them, so an excerpt would run `curl …` into the
 * next line's output); and in the API reference, an operation's responses part of its section rather than sections
 * of their own, so the GET and OPTIONS answers of one path are the operations "GET /v1/biomarkers/public" and "OPTIONS
 * /v1/biomarkers/public", not two results both titled "429 Too Many Requests". The response
 * headings and the method in an operation's heading weigh as prose: the reference repeats them for every operation,
 * where the guide explains each once (weighed as headings, `OPTIONS` would find the reference's operations before the guide's CORS preflights).
 * So do the biomarker list's category headings (`Schilddrüse` should find TSH's record before the list's section),
 * and the API reference's index of operations counts little: each operation's own page holds its words.
 */
export function searchableHtml(html: string): string {
  return html
    .replace(UUID, '')
    .replace(/<li class="marker" /g, '<li class="marker" data-pagefind-ignore ')
    .replace(/<span class="ec-line">/g, '\n<span class="ec-line">')
    .replace(/<h4 id="op-[^"]*-\d{3}"/g, '<h4 data-pagefind-weight="1"')
    .replace(
      /<span class="api-method">([A-Z]+)<\/span>(<code>)/g,
      '<span class="api-method" data-pagefind-weight="1">$1</span> $2',
    )
    .replace(/<ul class="api-operation-index">/g, '<ul class="api-operation-index" data-pagefind-weight="0.2">')
    .replace(
      /<h2 id="([^"]+)" class="category-heading"/g,
      '<h2 id="$1" class="category-heading" data-pagefind-weight="1"',
    );
}
