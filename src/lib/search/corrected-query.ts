import { searchKey } from './search-key.ts';
import { closestKnownWord, FORGIVEN_FROM_LETTERS } from './typing.ts';

/**
 * The words a site search query is read against, per locale (`known-words.<lang>.json` beside the index): the
 * vocabulary's words and the markers' names and search words first, then every other word the index holds.
 */
export interface KnownWords {
  known: string[];
  /** Each marker's page key by its uuid (lower case): the index holds no uuids. */
  identifiers: Record<string, string>;
  /** The page of the one marker a whole query names (its key, a name in any language, an everyday word), folded. */
  aliases: Record<string, string>;
}

/** The known words as written (lower case) and by their folded form (accents), the first of equals kept. */
export interface KnownWordIndex {
  written: ReadonlySet<string>;
  folded: ReadonlyMap<string, string>;
  identifiers: Readonly<Record<string, string>>;
  aliases: Readonly<Record<string, string>>;
}

/** Indexes the known words once per dialog: a query is corrected on every keystroke. */
export function indexKnownWords({ known, identifiers, aliases }: KnownWords): KnownWordIndex {
  const folded = new Map<string, string>();
  for (const word of known) {
    const key = searchKey(word);
    if (!folded.has(key)) folded.set(key, word);
  }
  return { written: new Set(known), folded, identifiers, aliases };
}

/**
 * The British spelling of an American one that the catalog writes (`hemoglobin` as `haemoglobin`, `anemia` as
 * `anaemia`, `estradiol` as `oestradiol`): an `a` or `o` before an `e`, where the result is a known word. A known
 * American form (a Swedish name, an everyday word) is read so too, as it finds less than the catalog's own spelling.
 */
function britishSpelling(folded: string, index: KnownWordIndex): string | undefined {
  for (let at = folded.indexOf('e'); at !== -1; at = folded.indexOf('e', at + 1)) {
    if (folded[at - 1] === 'a' || folded[at - 1] === 'o') continue;
    for (const letter of ['a', 'o']) {
      const known = index.folded.get(`${folded.slice(0, at)}${letter}${folded.slice(at)}`);
      if (known !== undefined) return known;
    }
  }
  return undefined;
}

/**
 * The query as the site search should run it: each word of FORGIVEN_FROM_LETTERS letters or more that the index
 * does not hold is read as its British spelling where the catalog has it, or as the known word within one edit of it (`ferritn` as `ferritin`, `anemia` as `anaemia`), or
 * as the known word it folds to (`Hämoglobin` on the English site as the markers' `hamoglobin`); the query unchanged
 * when every word is known or none is close. A marker's uuid is read as its page key, which its record holds.
 */
export function correctedQuery(query: string, index: KnownWordIndex): string {
  const key = index.identifiers[query.trim().toLowerCase()];
  if (key !== undefined) return key;
  return query.replace(/[\p{L}\p{N}]+/gu, (word) => {
    if (word.length < FORGIVEN_FROM_LETTERS) return word;
    const folded = searchKey(word);
    const british = britishSpelling(folded, index);
    if (british !== undefined) return british;
    if (index.written.has(word.toLowerCase())) return word;
    const same = index.folded.get(folded);
    if (same !== undefined) return same;
    const closest = closestKnownWord(folded, index.folded.keys());
    return closest === undefined ? word : (index.folded.get(closest) ?? word);
  });
}

/**
 * The page of the marker a whole (corrected) query names exactly, which the dialog lists first: Pagefind ranks by the
 * words a record holds, so `haemoglobin` put HbA1c ("glycated haemoglobin") ahead of haemoglobin itself.
 */
export function namedMarkerPage(query: string, index: KnownWordIndex): string | undefined {
  return Object.hasOwn(index.aliases, searchKey(query)) ? index.aliases[searchKey(query)] : undefined;
}
