import type { Root, RootContent, Table, TableRow } from 'mdast';
import type { Handle, Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';

/* How every Markdown twin is written, apart from the MDX conversion: the server writes a view's part with it too. */

/** Stands for the public origin in code samples (MDX reads braces in prose as code); replaced with `BASE_URL`. */
const BASE_URL_PLACEHOLDER = '{BASE_URL}';

/** Replaces every `{BASE_URL}` in rendered text with the configured origin. */
export const substituteBaseUrl = (text: string, baseUrl: string): string =>
  text.replaceAll(BASE_URL_PLACEHOLDER, baseUrl);

/**
 * Plain CommonMark + GFM. Columns unpadded: their width would depend on BASE_URL, and the build prepares each twin
 * once with a placeholder origin the server replaces.
 */
const printer = remark().use(remarkGfm, { tablePipeAlign: false }).data('settings', {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
});
// Its plugins attach when it is frozen: remark-gfm's handlers are there after this.
printer.freeze();

/** The GFM table handler the printer was given by remark-gfm. */
const gfmTable = (printer.data('toMarkdownExtensions') ?? [])
  .flatMap(function flat(extension: ToMarkdownOptions): ToMarkdownOptions[] {
    return [extension, ...(extension.extensions ?? []).flatMap(flat)];
  })
  .find((extension) => extension.handlers?.table !== undefined)?.handlers?.table;
if (gfmTable === undefined) throw new Error('remark-gfm gave the printer no table handler');

/** Each table row's line, printed once per row node. */
const rowLines = new WeakMap<TableRow, string>();

/**
 * A table's head and delimiter lines, printed once per head of plain text: such heads are written by code from the
 * interface strings (never from a request), so there are few.
 */
const headLines = new Map<string, string>();

/** The key of a head whose cells are plain text; undefined for any other. */
const plainHead = (head: TableRow): string | undefined => {
  const cells = head.children.map((cell) => {
    const [only, ...more] = cell.children;
    return only?.type === 'text' && more.length === 0 ? only.value : undefined;
  });
  return cells.every((cell) => cell !== undefined) ? cells.join('\u0000') : undefined;
};

/**
 * A table printed a row at a time: unpadded (`tablePipeAlign: false`), a row is one line whatever the other rows, so a
 * row node an outline keeps (the biomarker list's, one per marker and catalog view) is printed once and a view's table
 * joins the lines of its rows.
 */
const table: Handle = (node: Table, parent, state, info) => {
  const [head, ...rows] = node.children;
  if (head === undefined || rows.length < 2) return gfmTable(node, parent, state, info);
  const key = plainHead(head)?.concat('\u0001', String(node.align));
  let printedHead = key === undefined ? undefined : headLines.get(key);
  if (printedHead === undefined) {
    printedHead = gfmTable({ ...node, children: [head] }, parent, state, info);
    if (key !== undefined) headLines.set(key, printedHead);
  }
  const lines = rows.map((row) => {
    let line = rowLines.get(row);
    if (line === undefined) {
      line = gfmTable({ ...node, children: [head, row] }, parent, state, info).split('\n')[2]!;
      rowLines.set(row, line);
    }
    return line;
  });
  return [printedHead, ...lines].join('\n');
};
printer.data('toMarkdownExtensions')?.push({ handlers: { table } });

/** A tree of plain Markdown written as a twin writes it. */
export const printMarkdown = (tree: Root): string => printer.stringify(tree);

/** Plain-Markdown blocks written as a twin writes them: a part of a twin, to put in place of a block. */
export const markdownBlocks = (nodes: RootContent[], baseUrl: string): string =>
  substituteBaseUrl(printMarkdown({ type: 'root', children: nodes }), baseUrl);
