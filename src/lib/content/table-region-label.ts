import { unescapeHtml } from '../http/html-escape.ts';

/** Tags, dropped from a header cell's text. */
const TAG = /<[^>]*>/g;

/**
 * The accessible name of a table's scroll region: its column headings, in the page's
 * language because the page wrote them ("Field, Type, Always there, Meaning"). A region
 * needs a name (WAI-ARIA 1.2 §5.3.3 `region`), and the headings say which table it is.
 */
export function tableRegionLabel(tableHtml: string): string {
  const head = /<thead[\s\S]*?<\/thead>/.exec(tableHtml)?.[0] ?? tableHtml;
  const cells = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
    unescapeHtml(match[1]!.replace(TAG, '')).replace(/\s+/g, ' ').trim(),
  );
  return cells.filter((cell) => cell !== '').join(', ') || 'Table';
}

/** Labels already given on each page being rendered, keyed by the page's request. */
const labelsByPage = new WeakMap<object, Map<string, number>>();

/**
 * The label made unique on its page: the second table with the same column headings is
 * "Field, Type (2)". Landmarks need distinct names (WAI-ARIA 1.2 §5.3.3; axe
 * `landmark-unique`, html-validate `unique-landmark`), or a screen reader's list of
 * regions offers the same entry twice. `page` is anything one page's render shares.
 */
export function uniqueOnPage(page: object, label: string): string {
  const seen = labelsByPage.get(page) ?? new Map<string, number>();
  labelsByPage.set(page, seen);
  const count = (seen.get(label) ?? 0) + 1;
  seen.set(label, count);
  return count === 1 ? label : `${label} (${count})`;
}
