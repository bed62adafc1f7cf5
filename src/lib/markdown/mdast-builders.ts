import type { List, PhrasingContent, Table } from 'mdast';

/** A text node. */
export const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** An inline code node. */
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

/** `**value**` */
export const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });

/** A tight bullet list, one paragraph an item. */
export const bulletList = (items: PhrasingContent[][]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children) => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] })),
});

/** A GFM table from a header row and body rows of cells. */
export function table(header: string[], rows: PhrasingContent[][][]): Table {
  const row = (cells: PhrasingContent[][]) => ({
    type: 'tableRow' as const,
    children: cells.map((children) => ({ type: 'tableCell' as const, children })),
  });
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((h) => [text(h)])), ...rows.map(row)],
  };
}
