import damerauLevenshtein from 'damerau-levenshtein';

/** Shortest word a misspelling of which is forgiven: shorter words are too close to each other to guess between. */
export const FORGIVEN_FROM_LETTERS = 5;

/**
 * Whether `typed` is within one edit of `known` (a letter added, dropped, changed, or two neighbours swapped:
 * Damerau–Levenshtein), for words of FORGIVEN_FROM_LETTERS letters or more; both already folded (case, accents).
 */
export function withinOneEdit(typed: string, known: string): boolean {
  if (typed === known) return true;
  if (Math.min(typed.length, known.length) < FORGIVEN_FROM_LETTERS || Math.abs(typed.length - known.length) > 1)
    return false;
  // One edit touches at most two neighbouring letters, so in words of three or more it leaves the first or the last
  // alone: a word that differs in both is two edits off at least, known without computing the distance.
  if (typed[0] !== known[0] && typed.at(-1) !== known.at(-1)) return false;
  return damerauLevenshtein(typed, known).steps <= 1;
}

/** The known word closest to `typed` within one edit (the first of equals), for "did you mean"; undefined if none. */
export function closestKnownWord(typed: string, known: Iterable<string>): string | undefined {
  for (const word of known) if (word !== typed && withinOneEdit(typed, word)) return word;
  return undefined;
}
