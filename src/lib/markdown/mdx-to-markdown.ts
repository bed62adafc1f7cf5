import type { Paragraph, Parent, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import { COMPONENT_CONVERTERS, type MarkdownTwinOptions } from './component-converters.ts';

export type { MarkdownTwinOptions } from './component-converters.ts';

/**
 * The placeholder pages write where the service's public origin belongs, e.g. in code
 * samples (`curl {BASE_URL}/v1/biomarkers/public`). MDX treats braces in prose as
 * expressions, so it appears only inside code; both the HTML and the Markdown of a page
 * replace it with the configured `BASE_URL`.
 */
const BASE_URL_PLACEHOLDER = '{BASE_URL}';

/** Replaces every `{BASE_URL}` in rendered text with the configured origin. */
export const substituteBaseUrl = (text: string, baseUrl: string): string =>
  text.replaceAll(BASE_URL_PLACEHOLDER, baseUrl);

/**
 * Makes a link target of the page at `pagePath` absolute on `baseUrl`: `/auth` and
 * `#errors` become `{baseUrl}/auth` and `{baseUrl}{pagePath}#errors` (RFC 3986 §5.2).
 * Absolute URLs (`https:`, `mailto:`) are left as they are.
 */
function absolutizeUrl(url: string, baseUrl: string, pagePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return new URL(url, `${baseUrl}${pagePath}`).href;
}

/** MDX with GFM tables, as the pages are written. */
const parser = remark().use(remarkMdx).use(remarkGfm);
/**
 * Plain CommonMark + GFM out: no MDX extension, so nothing MDX-specific can be printed.
 * Table columns are not padded to a common width (`tablePipeAlign: false`): the width
 * would depend on the length of BASE_URL in absolute links, and the build prepares each
 * twin once with a placeholder origin that the server replaces (issue 14).
 */
const printer = remark().use(remarkGfm, { tablePipeAlign: false }).data('settings', {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
});

/** `{/* … *\/}`: the only MDX expression a page may hold, dropped from the twin. */
const isComment = (value: string): boolean => /^\s*\/\*[\s\S]*\*\/\s*$/.test(value);

/** Converts one node into the plain-Markdown nodes that replace it. */
function convertNode(node: RootContent, options: MarkdownTwinOptions): RootContent[] {
  switch (node.type) {
    case 'mdxjsEsm':
      return []; // import/export lines are code, not content
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      if (isComment(node.value)) return [];
      throw new Error(`MDX expression {${node.value}} has no Markdown form; write the text instead`);
    case 'html':
      throw new Error('Raw HTML in a page would leak into its Markdown twin; use a component instead');
    case 'heading':
      if (node.depth === 1) throw new Error('Pages must not contain an H1: the title is the only one');
      break;
    case 'link':
    case 'image':
    case 'definition':
      node.url = absolutizeUrl(node.url, options.baseUrl, options.pagePath);
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const converter = node.name === null ? undefined : COMPONENT_CONVERTERS[node.name];
      if (converter === undefined) throw new Error(`No Markdown converter for <${node.name ?? ''}>`);
      // The converter passes the element's children through; they are converted with its output.
      return convertChildren(converter(node, options), options);
    }
    default:
      break;
  }
  if ('children' in node) {
    const parent = node as Parent;
    parent.children = convertChildren(parent.children, options);
  }
  return [node];
}

/** Converts a list of sibling nodes. */
const convertChildren = (nodes: RootContent[], options: MarkdownTwinOptions): RootContent[] =>
  nodes.flatMap((node) => convertNode(node, options));

/** The "Last updated" line as an emphasised paragraph, or nothing when the page has none. */
const updatedLine = (updated: string | undefined): Paragraph[] =>
  updated === undefined
    ? []
    : [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: updated }] }] }];

/**
 * The Markdown twin of a page (spec 4.4), from the same MDX source as its HTML: `# Title`,
 * the description and the "Last updated" line first; components turned into plain Markdown (tables, lists,
 * blockquotes, headings); import/export lines and comments dropped; every link absolute.
 * Anything that has no faithful Markdown form (expressions, raw HTML, an unknown
 * component) throws rather than leaking into the output.
 */
export function mdxToMarkdown(source: string, options: MarkdownTwinOptions): string {
  const parsed = parser.parse(source);
  const body = convertChildren(parsed.children, options);
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [{ type: 'text', value: options.title }] },
      { type: 'paragraph', children: [{ type: 'text', value: options.description }] },
      ...updatedLine(options.updated),
      ...body,
    ],
  };
  return substituteBaseUrl(printer.stringify(tree), options.baseUrl);
}
