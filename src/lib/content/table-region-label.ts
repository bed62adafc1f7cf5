/** Tags and the entities Astro escapes, dropped from a header cell's text. */
const TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * The accessible name of a table's scroll region: its column headings, in the page's
 * language because the page wrote them ("Field, Type, Always there, Meaning"). A region
 * needs a name (WAI-ARIA 1.2 §5.3.3 `region`), and the headings say which table it is.
 */
export function tableRegionLabel(tableHtml: string): string {
  const head = /<thead[\s\S]*?<\/thead>/.exec(tableHtml)?.[0] ?? tableHtml;
  const cells = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
    match[1]!
      .replace(TAG, '')
      .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return cells.filter((cell) => cell !== '').join(', ') || 'Table';
}
