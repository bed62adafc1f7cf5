import type { MarkdownHeading } from 'astro';
import type { RootContent } from 'mdast';
import { remark } from 'remark';
import remarkMdx from 'remark-mdx';
import { errorHeadingParts } from '../http/problem-details.ts';

/** The attribute `name` of an MDX element, where it is a plain string. */
const attribute = (node: RootContent, name: string): string | undefined => {
  if (node.type !== 'mdxJsxFlowElement') return undefined;
  const found = node.attributes.find((each) => each.type === 'mdxJsxAttribute' && each.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
};

/**
 * "On this page" for a page written in MDX: its sections (`sections`, the `h2`s Astro found,
 * in order) with, under each, the headings its components render, which Astro does not see
 * (it collects the Markdown's own headings only): the guide's `<ErrorHeading>`s, one per
 * error code, as `h3`s. The MDX is parsed, not searched, so text that looks like a heading
 * in a code block is not one.
 */
export function withComponentHeadings(body: string, sections: MarkdownHeading[]): MarkdownHeading[] {
  const under = new Map<number, MarkdownHeading[]>();
  let section = -1;
  for (const node of remark().use(remarkMdx).parse(body).children) {
    if (node.type === 'heading' && node.depth === 2) section += 1;
    const code =
      node.type === 'mdxJsxFlowElement' && node.name === 'ErrorHeading' ? attribute(node, 'code') : undefined;
    const title = attribute(node, 'title');
    if (code === undefined || title === undefined) continue;
    const { id, status } = errorHeadingParts(code);
    under.set(section, [...(under.get(section) ?? []), { depth: 3, slug: id, text: `${code} — ${title} (${status})` }]);
  }
  return [...(under.get(-1) ?? []), ...sections.flatMap((heading, index) => [heading, ...(under.get(index) ?? [])])];
}
