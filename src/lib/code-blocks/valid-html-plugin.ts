import type { ExpressiveCodePlugin } from '@astrojs/starlight/expressive-code';
import type { Element, ElementContent } from '@astrojs/starlight/expressive-code/hast';

/** Elements allowing only phrasing content (HTML §4.5.20, §4.10.6), where Expressive Code puts `<div>`s. */
const PHRASING_ONLY = new Set(['code', 'button']);

/** Renames every `div` under a phrasing-only element to `span`; the CSS keys on classes, not tags. */
function phrasingOnly(node: Element, insidePhrasing: boolean): void {
  if (insidePhrasing && node.tagName === 'div') node.tagName = 'span';
  const inside = insidePhrasing || PHRASING_ONLY.has(node.tagName);
  for (const child of node.children) if (child.type === 'element') phrasingOnly(child, inside);
}

/** Gives each `<button>` an explicit type and its tooltip as its name, which text-only checks read. */
function nameButtons(node: ElementContent): void {
  if (node.type !== 'element') return;
  if (node.tagName === 'button') {
    node.properties['type'] ??= 'button';
    if (typeof node.properties['title'] === 'string') node.properties['ariaLabel'] ??= node.properties['title'];
  }
  node.children.forEach(nameButtons);
}

/**
 * Makes the block's `<pre>` reachable by keyboard: a long line scrolls it sideways, and a
 * scrollable region must be focusable (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
function focusablePre(node: ElementContent): void {
  if (node.type !== 'element') return;
  // Expressive Code sets the lower-case `tabindex` on some blocks itself: one attribute, not two.
  if (node.tagName === 'pre') node.properties['tabindex'] = 0;
  else node.children.forEach(focusablePre);
}

/**
 * Expressive Code's blocks as valid HTML (html-validate `recommended`, which every page passes): lines as `span`s
 * with the same classes, the copy button `type="button"` with an `aria-label`. Runs after the frames plugin, which
 * adds the button in the same hook. Each block's `<pre>` is focusable, as every scroll region must be.
 */
export function validHtmlPlugin(): ExpressiveCodePlugin {
  return {
    name: 'valid-html',
    hooks: {
      postprocessRenderedBlock: ({ renderData }) => {
        phrasingOnly(renderData.blockAst, false);
        nameButtons(renderData.blockAst);
        focusablePre(renderData.blockAst);
      },
    },
  };
}
