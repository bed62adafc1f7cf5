import type { Paragraph, Parent, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import { markdownPath, resolvePagePath } from '../content/page-paths.ts';
import { COMPONENT_CONVERTERS, type MarkdownTwinOptions } from './component-converters.ts';
import { printMarkdown, substituteBaseUrl } from '../markdown/markdown-printer.ts';

/** Resolves a link target against the page (RFC 3986 §5.2); absolute URLs stay. */
function absolutizeUrl(url: string, baseUrl: string, pagePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return new URL(url, `${baseUrl}${pagePath}`).href;
}

/**
 * A link to a page of this site as a link to its Markdown twin (`/auth` → `/auth.md`, query and
 * fragment kept), so an agent that follows it gets Markdown without asking; anything else stays.
 */
function twinUrl(url: string, baseUrl: string): string {
  if (!url.startsWith(`${baseUrl}/`)) return url;
  const target = new URL(url);
  const page = resolvePagePath(target.pathname);
  if (page === undefined || page.format !== 'page') return url;
  target.pathname = markdownPath(page.locale, page.page.slug);
  return target.href;
}

/** MDX with GFM tables, as the pages are written. */
const parser = remark().use(remarkMdx).use(remarkGfm);
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
      node.url = twinUrl(absolutizeUrl(node.url, options.baseUrl, options.pagePath), options.baseUrl);
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

/** "Source: <url>" under the title, where the twin stands among others (`llms-full.txt`): the page it is of. */
const sourceLine = (source: string | undefined): Paragraph[] =>
  source === undefined
    ? []
    : [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'Source: ' },
            { type: 'link', url: source, children: [{ type: 'text', value: source }] },
          ],
        },
      ];

/** The "Last updated" line as an emphasised paragraph, or nothing when the page has none. */
const updatedLine = (updated: string | undefined): Paragraph[] =>
  updated === undefined
    ? []
    : [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: updated }] }] }];

/**
 * A page's Markdown twin (docs/guide.md, "Developer guide and Markdown for agents") from its MDX: title, description
 * and "Last updated" first, components as plain Markdown, every link absolute (a page's, to its twin). What has no
 * faithful Markdown form throws rather than leaking through.
 * @internal
 */
export function mdxToMarkdown(source: string, options: MarkdownTwinOptions): string {
  return substituteBaseUrl(printMarkdown(mdxToMdast(source, options)), options.baseUrl);
}

/**
 * The tree `mdxToMarkdown` prints: plain Markdown nodes (no MDX left), code samples still naming `{BASE_URL}`, which
 * printing replaces. What combines twins (`llms-full.txt`) works on it before printing once.
 */
export function mdxToMdast(source: string, options: MarkdownTwinOptions): Root {
  const parsed = parser.parse(source);
  const body = convertChildren(parsed.children, options);
  return {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [{ type: 'text', value: options.title }] },
      ...sourceLine(options.source),
      { type: 'paragraph', children: [{ type: 'text', value: options.description }] },
      ...updatedLine(options.updated),
      ...body,
    ],
  };
}
