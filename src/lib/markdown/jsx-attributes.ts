import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';

/**
 * The string attributes of an MDX element (`<Callout type="note">` → `{ type: 'note' }`).
 * Expression attributes (`x={…}`) and spreads cannot be turned into Markdown without
 * running the page, so they are refused: components in the guide take strings only.
 */
export function jsxAttributes(element: MdxJsxFlowElement | MdxJsxTextElement): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') {
      throw new Error(`<${element.name ?? ''}>: only string attributes can be converted to Markdown`);
    }
    attributes[attribute.name] = attribute.value;
  }
  return attributes;
}
