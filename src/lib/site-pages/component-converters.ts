import type { BlockContent, DefinitionContent, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { errorHeadingParts } from '../http/problem-details.ts';
import { twinNodes } from '../markdown/page-outline.ts';
import { policyPrint } from '../rate-limit/policy-text.ts';
import { loadSample, sampleHeadingLevel, sampleLabels, sampleMarkdown } from '../samples/request-samples.ts';
import { DATA_PAGE_OUTLINES, type DataPageContext } from './data-page-outlines.ts';

/** What the Markdown twin of a page needs besides its MDX body. */
export interface MarkdownTwinOptions {
  /** The page title: the first line, `# Title`. */
  title: string;
  /** The lead paragraph under the title (the page's description). */
  description: string;
  /** The "Last updated" line with an ISO 8601 date, so an agent reading only the twin can tell its freshness. */
  updated?: string;
  /** Public origin: every link becomes absolute on it, and `{BASE_URL}` is replaced by it. */
  baseUrl: string;
  /** The page's own URL path, the base of relative and `#fragment` links. */
  pagePath: string;
  /** The page's URL, named under the title where the twin stands among others (`llms-full.txt`). */
  source?: string | undefined;
  /** For data-driven components; pages that use none may leave it out. */
  context?: DataPageContext;
}

/** Turns one MDX component into Markdown nodes (children converted afterwards); data comes from `options.context`. */
export type ComponentConverter = (
  element: MdxJsxFlowElement | MdxJsxTextElement,
  options: MarkdownTwinOptions,
) => RootContent[];

/** An element's string attributes; expressions and spreads are refused, as they would need the page to run. */
function jsxAttributes(element: MdxJsxFlowElement | MdxJsxTextElement): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') {
      throw new Error(`<${element.name ?? ''}>: only string attributes can be converted to Markdown`);
    }
    attributes[attribute.name] = attribute.value;
  }
  return attributes;
}

/** Reads a required string attribute of a component. */
function required(element: MdxJsxFlowElement | MdxJsxTextElement, name: string): string {
  const value = jsxAttributes(element)[name];
  if (value === undefined || value.trim() === '') throw new Error(`<${element.name ?? ''}>: missing "${name}"`);
  return value;
}

/**
 * One converter per component in `src/components/mdx/`: a component without one makes the twin throw (unit tests catch
 * it).
 */
export const COMPONENT_CONVERTERS: Readonly<Record<string, ComponentConverter>> = {
  /** `<Callout title="…">…</Callout>` → a blockquote that starts with the title in bold. */
  Callout(element) {
    const title = required(element, 'title');
    const children = element.children as Array<BlockContent | DefinitionContent>;
    return [
      {
        type: 'blockquote',
        children: [
          { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: title }] }] },
          ...children,
        ],
      },
    ];
  },
  /** `<MarkerFinder title="…">lead</MarkerFinder>` → the title in bold before the lead, which links the list. */
  MarkerFinder(element) {
    const title = required(element, 'title');
    const [first, ...rest] = element.children as Array<BlockContent | DefinitionContent>;
    if (first?.type !== 'paragraph') throw new Error('<MarkerFinder>: its lead is a paragraph');
    const lead = {
      ...first,
      children: [
        { type: 'strong' as const, children: [{ type: 'text' as const, value: title }] },
        { type: 'text' as const, value: ' ' },
        ...first.children,
      ],
    };
    return [lead, ...rest];
  },
  /** Per language a heading, the code and its output excerpt (`content/samples/<id>/`). */
  Sample(element, { baseUrl, context }) {
    const attributes = jsxAttributes(element);
    const locale = context?.locale ?? DEFAULT_LOCALE;
    const sample = loadSample(required(element, 'id'), { BASE_URL: baseUrl }, locale);
    return sampleMarkdown(sample, sampleLabels(locale), sampleHeadingLevel(attributes['headingLevel']));
  },
  /** `<RateLimit show="limit" />` → the policy's number as text; `<RateLimit header="…" />` → the header's value as code. */
  RateLimit(element, { context }) {
    const { text, code } = policyPrint(jsxAttributes(element), context?.locale ?? DEFAULT_LOCALE);
    return [code ? { type: 'inlineCode', value: text } : { type: 'text', value: text }];
  },
  /** `<ErrorHeading code="rate_limited" title="…" />` → `### \`rate_limited\` — … (429)`. */
  ErrorHeading(element) {
    const { code, status } = errorHeadingParts(required(element, 'code'));
    const title = required(element, 'title');
    return [
      {
        type: 'heading',
        depth: 3,
        children: [
          { type: 'inlineCode', value: code },
          { type: 'text', value: ` — ${title} (${status})` },
        ],
      },
    ];
  },
  // The data-driven components: the twin prints their outline (`DATA_PAGE_OUTLINES`), as the page renders it.
  ...Object.fromEntries(
    Object.entries(DATA_PAGE_OUTLINES).map(([name, outline]): [string, ComponentConverter] => [
      name,
      (element, { baseUrl, context }) => {
        if (context === undefined) throw new Error(`<${element.name ?? ''}> needs the page's context`);
        return twinNodes(outline({ ...context, baseUrl, audience: 'twin' }));
      },
    ]),
  ),
};
