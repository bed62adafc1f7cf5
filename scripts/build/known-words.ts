// Build step: the words the site search reads a query against, per locale, beside Pagefind's index.
import { writeFile } from 'node:fs/promises';
import { searchKey } from '../../src/lib/search/search-key.ts';
import { LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import { knownWordsFile } from '../../src/lib/content/search-ranking.ts';
import type { KnownWords } from '../../src/lib/search/corrected-query.ts';

/** Words of a text as a reader types them: letters and digits, five or more (shorter ones are never corrected). */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]{5,}/gu) ?? [];

/** One marker as the site search knows it. */
interface KnownMarker {
  uuid: string;
  key: string;
  /** Its page. */
  url: string;
  /** Its names in every language, its key and everyday words, as the biomarker browser's filter matches them. */
  terms: readonly string[];
}

/**
 * Collects, per locale, what `corrected-query.ts` reads a query against: the vocabulary's words and the markers'
 * names and search words first (a misspelling is read as the first of equals), then every other word indexed, so a
 * word the index holds is never "corrected"; each marker's uuid; and the marker each of their terms names.
 */
export class KnownWordsCollector {
  readonly #suggested = new Map<Locale, Set<string>>(LOCALES.map((locale) => [locale, new Set()]));
  readonly #indexed = new Map<Locale, Set<string>>(LOCALES.map((locale) => [locale, new Set()]));
  readonly #markers = new Map<Locale, KnownMarker[]>(LOCALES.map((locale) => [locale, []]));

  /** Words a reader types for what the site says in other words (`siteSearch.words`). */
  addVocabulary(locale: Locale, words: readonly string[]): void {
    for (const word of words.flatMap(wordsOf)) this.#suggested.get(locale)!.add(word);
  }

  /** The text of a page the index holds. */
  addIndexedText(locale: Locale, text: string): void {
    for (const word of wordsOf(text)) this.#indexed.get(locale)!.add(word);
  }

  addMarker(locale: Locale, marker: KnownMarker): void {
    for (const word of marker.terms.flatMap(wordsOf)) this.#suggested.get(locale)!.add(word);
    this.#markers.get(locale)!.push(marker);
  }

  /** The known words of one locale, as `site-search.ts` loads them. */
  knownWords(locale: Locale): KnownWords {
    const suggested = this.#suggested.get(locale)!;
    const known = [...suggested, ...[...this.#indexed.get(locale)!].filter((word) => !suggested.has(word))];
    const markers = this.#markers.get(locale)!;
    const identifiers = Object.fromEntries(markers.map((marker) => [marker.uuid.toLowerCase(), marker.key]));
    // A term names the first marker in the catalog's order that has it: `Schilddrüse` TSH, not free T4.
    const aliases: Record<string, string> = {};
    for (const marker of markers)
      for (const term of [...marker.terms, marker.key].map(searchKey)) aliases[term] ??= marker.url;
    return { known, identifiers, aliases };
  }

  /** Writes `known-words.<lang>.json` for every locale into Pagefind's output folder. */
  async write(outputPath: string): Promise<void> {
    for (const locale of LOCALES)
      await writeFile(`${outputPath}${knownWordsFile(locale)}`, JSON.stringify(this.knownWords(locale)));
  }
}
