import type { PhrasingContent, Table } from 'mdast';

/** A text node. */
export const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** An inline code node. */
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

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
