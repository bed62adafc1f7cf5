import type { Root, RootContent } from 'mdast';
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

/** A tree of plain Markdown written as a twin writes it. */
export const printMarkdown = (tree: Root): string => printer.stringify(tree);

/** Plain-Markdown blocks written as a twin writes them: a part of a twin, to put in place of a block. */
export const markdownBlocks = (nodes: RootContent[], baseUrl: string): string =>
  substituteBaseUrl(printMarkdown({ type: 'root', children: nodes }), baseUrl);
