import type { Heading, List, Nodes, PhrasingContent, RootContent, Table, TableRow } from 'mdast';

declare module 'mdast' {
  interface HeadingData {
    /** The anchor the HTML page gives the heading: the page's table of contents lists it. */
    anchor?: string;
    /** False for a heading "On this page" leaves out: the page lists those sections in a navigation of its own. */
    inContents?: boolean;
  }
}

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
export function table(header: string[], rows: readonly (PhrasingContent[][] | TableRow)[]): Table {
  return {
    type: 'table',
    align: header.map(() => null),
    children: [tableRow(header.map((h) => [text(h)])), ...rows.map((row) => ('type' in row ? row : tableRow(row)))],
  };
}

/** A table's row of cells. */
export const tableRow = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children) => ({ type: 'tableCell', children })),
});

/**
 * A heading the HTML page anchors at `anchor`: the twin prints it as any heading, the table of contents lists it unless
 * `inContents` is false.
 */
export const anchoredHeading = (
  depth: Heading['depth'],
  anchor: string,
  children: PhrasingContent[],
  { inContents = true }: { inContents?: boolean } = {},
): Heading => ({
  type: 'heading',
  depth,
  children,
  data: inContents ? { anchor } : { anchor, inContents },
});

/** The text a node shows, markup left out. */
const plainText = (node: Nodes): string =>
  'value' in node ? node.value : 'children' in node ? node.children.map((child) => plainText(child)).join('') : '';

/** One entry of a page's table of contents: as Astro's `MarkdownHeading`. */
export interface OutlineHeading {
  depth: number;
  slug: string;
  text: string;
}

/**
 * The anchored headings of a twin's nodes in order (`anchoredHeading`), but those left out of it: the page's table of
 * contents, written once with its twin. The table goes three levels deep, so a deeper heading is listed at the third.
 */
export const outlineHeadings = (nodes: RootContent[]): OutlineHeading[] =>
  nodes.flatMap((node) =>
    node.type === 'heading' && node.data?.anchor !== undefined && node.data.inContents !== false
      ? [{ depth: Math.min(node.depth, 3), slug: node.data.anchor, text: plainText(node).trim() }]
      : [],
  );
