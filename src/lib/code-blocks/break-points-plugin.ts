import type { ExpressiveCodePlugin } from '@astrojs/starlight/expressive-code';
import type { Element, ElementContent } from '@astrojs/starlight/expressive-code/hast';

/**
 * Where a line of code may wrap inside a word: after a `,` (compact JSON) and after a `/` that is not part of `//`
 * (a URL's or a path's segments), where no space or line end follows anyway. The same rule as a path in the guide's
 * prose (`breakableCode`).
 */
const BREAK_AFTER = /(?:,|(?<!\/)\/(?!\/))(?=[^\s/])/g;

/** The offsets in `text` just after each break point. */
const breakOffsets = (text: string): number[] => [...text.matchAll(BREAK_AFTER)].map((match) => match.index + 1);

const WBR: Element = { type: 'element', tagName: 'wbr', properties: {}, children: [] };

/** The line's code element: `.code` under the line (Expressive Code's gutter, if any, is its sibling). */
function codeElementOf(line: Element): Element | undefined {
  for (const child of line.children) {
    if (child.type !== 'element') continue;
    const className = child.properties['className'];
    if (Array.isArray(className) && className.includes('code')) return child;
  }
  return undefined;
}

/** The concatenated text under `node`. */
const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

/**
 * Splits the text nodes under `node` at `offsets` (ascending, counted over the subtree's text from `start`), a `<wbr>`
 * at each; returns the offset after the subtree.
 */
function insertBreaks(node: Element, offsets: readonly number[], start: number): number {
  let position = start;
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'element') {
      position = insertBreaks(child, offsets, position);
      return [child];
    }
    if (child.type !== 'text') return [child];
    const from = position;
    position += child.value.length;
    // A break at the node's end stays inside it (a comma is a token of its own): none is at a line's end.
    const inside = offsets.filter((offset) => offset > from && offset <= position);
    if (inside.length === 0) return [child];
    const parts: ElementContent[] = [];
    let cut = from;
    for (const offset of inside) {
      parts.push({ type: 'text', value: child.value.slice(cut - from, offset - from) }, { ...WBR });
      cut = offset;
    }
    if (cut < position) parts.push({ type: 'text', value: child.value.slice(cut - from) });
    return parts;
  });
  return position;
}

/**
 * Break points inside long words of a wrapping block: with `wrap`, a line wraps between words, and a URL or a line of
 * compact JSON wider than the block wraps after a `/` or a `,` instead of scrolling it (or being cut in the middle of a
 * word, which misleads a reader who retypes it). `<wbr>` adds no text: what the copy button copies, and what a reader
 * selects, stays the line.
 */
export function breakPointsPlugin(): ExpressiveCodePlugin {
  return {
    name: 'break-points',
    hooks: {
      postprocessRenderedLine: ({ codeBlock, line, renderData }) => {
        if (codeBlock.props.wrap !== true) return;
        const offsets = breakOffsets(line.text);
        const code = codeElementOf(renderData.lineAst);
        // Only where the rendered text is the line's, so every break lands where it was found.
        if (offsets.length === 0 || code === undefined || textOf(code) !== line.text) return;
        insertBreaks(code, offsets, 0);
      },
    },
  };
}
