import type { MarkerLink } from './build-marker-page-view.ts';

/** A language's name in the page's language with its tag: `French (fr)`, `Französisch (fr)`. */
export function languageName(tag: string, locale: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(tag);
  } catch {
    name = undefined; // not a well-formed tag: show the tag alone
  }
  return name === undefined ? tag : `${name} (${tag})`;
}

/** One piece of a joined list: an item (by its index) or the words between items. */
type ListPart = { type: 'item'; index: number } | { type: 'literal'; value: string };

/** The pieces of a `count`-item list as the language joins them (CLDR), so each item can be a link. */
function joinedParts(count: number, locale: string, type: 'conjunction' | 'disjunction'): ListPart[] {
  const placeholders = Array.from({ length: count }, (_, i) => `\u0000${i}\u0000`);
  const parts = new Intl.ListFormat(locale, { type }).formatToParts(placeholders);
  return parts.map((part) =>
    part.type === 'element'
      ? { type: 'item', index: Number(part.value.replaceAll('\u0000', '')) }
      : { type: 'literal', value: part.value },
  );
}

/** A calculated marker's inputs as pieces: groups joined with "and", alternatives with "or". */
export function derivedFromParts(derivedFrom: MarkerLink[][], locale: string): Array<MarkerLink | string> {
  return joinedParts(derivedFrom.length, locale, 'conjunction').flatMap((part) => {
    if (part.type === 'literal') return [part.value];
    const group = derivedFrom[part.index]!;
    return joinedParts(group.length, locale, 'disjunction').map((inner) =>
      inner.type === 'literal' ? inner.value : group[inner.index]!,
    );
  });
}
