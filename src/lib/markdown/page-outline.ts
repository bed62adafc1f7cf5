import type { Blockquote, Node, Parent, PhrasingContent, RootContent } from 'mdast';
import { bulletList, strong, text } from './mdast-builders.ts';
import { isSemantic, twinForm } from './semantic-nodes.ts';

/*
 * A data page's outline: the page described once, as an mdast tree, and rendered from it three ways: the page's HTML
 * (`outline-html.ts`), its Markdown twin (`twinNodes`) and its table of contents
 * (`outlineHeadings`, from the anchored headings). What only the page shows (attributes, copy buttons, a prepared
 * sample's markup) rides on the tree as `data.page` and `pagePart` nodes the twin leaves out; what only the twin says is
 * a `twinOnly` node the page leaves out.
 */

/** Attributes of the element a node renders as on the page (`class`, `lang`, `hidden`, `data-*`…); the twin has none. */
export type PageAttributes = Record<string, string | number | boolean | undefined>;

/** One fact of a facts list: "**label**: value" in the twin, a `<dt>`/`<dd>` pair on the page. */
export interface Fact extends Parent {
  type: 'fact';
  label: string;
  children: PhrasingContent[];
}

/** A list of labelled facts: a bullet list in the twin, a description list (`<dl>`) on the page. */
export interface Facts extends Parent {
  type: 'facts';
  children: Fact[];
}

/** A note with a bold title: a blockquote in the twin, a callout on the page. */
export interface Callout extends Parent {
  type: 'callout';
  title: string;
  variant: 'note' | 'warning';
  children: Blockquote['children'];
}

/**
 * What only the page shows, by the name of the component that renders it and that component's properties (a copy
 * button, a request sample's tabs, a JSON-LD block); the twin leaves it out.
 */
export interface PagePart extends Node {
  type: 'pagePart';
  component: string;
  props: Record<string, unknown>;
}

/** What only the twin says (e.g. a request sample as fenced code); the page leaves it out. */
export interface TwinOnly extends Parent {
  type: 'twinOnly';
  children: RootContent[];
}

declare module 'mdast' {
  interface Data {
    /** Attributes of the element the node renders as on the page. */
    page?: PageAttributes;
    /**
     * The node is kept by its outline and given to many renders as it is (`kept`): its page's HTML is written once,
     * the first time, and reused (`outline-html.ts`).
     */
    kept?: boolean;
  }
  interface TableData {
    /** The first cell of each body row heads its row (`<th scope="row">`). */
    rowHeaders?: boolean;
    /** The table scrolls sideways in a region of its own when it is wider than the page. */
    scroll?: boolean;
  }
  interface RootContentMap {
    fact: Fact;
    facts: Facts;
    callout: Callout;
    pagePart: PagePart;
    twinOnly: TwinOnly;
  }
  interface PhrasingContentMap {
    pagePart: PagePart;
  }
}

/** Marks `node` as kept by its outline for many renders: written as HTML once (`Data.kept`). */
export function kept<T extends RootContent>(node: T): T {
  node.data = { ...node.data, kept: true };
  return node;
}

/** Gives `node` the attributes it carries on the page; the twin ignores them. */
export function onPage<T extends RootContent>(node: T, attributes: PageAttributes): T {
  node.data = { ...node.data, page: { ...node.data?.page, ...attributes } };
  return node;
}

/** A facts list; `attributes` go to the `<dl>`. */
export const facts = (children: Fact[], attributes: PageAttributes = {}): Facts =>
  onPage({ type: 'facts', children }, attributes);

/** One fact; `attributes` go to its `<dd>`. */
export const fact = (label: string, children: PhrasingContent[], attributes: PageAttributes = {}): Fact =>
  onPage({ type: 'fact', label, children }, attributes);

/** A component only the page renders. */
export const pagePart = (component: string, props: Record<string, unknown> = {}): PagePart => ({
  type: 'pagePart',
  component,
  props,
});

/** A callout: a note or a warning with a bold title. */
export const callout = (variant: Callout['variant'], title: string, children: Callout['children']): Callout => ({
  type: 'callout',
  title,
  variant,
  children,
});

/** Blocks only the twin prints. */
export const twinOnly = (children: RootContent[]): TwinOnly => ({ type: 'twinOnly', children });

/**
 * Writes the twin's nodes for an outline's node to `out`: facts as a bullet list, a callout as a blockquote, what is
 * the page's only left out. Written into one array rather than returned, as the biomarker list's per-view twin walks
 * thousands of nodes.
 */
function writeTwin(node: RootContent, out: RootContent[]): void {
  if (isSemantic(node)) {
    for (const child of twinForm(node) as RootContent[]) if (shownOnPage(child)) writeTwin(child, out);
    return;
  }
  switch (node.type) {
    case 'pageOnly':
    case 'pagePart':
      return;
    case 'pageElement':
    case 'twinOnly':
      for (const child of node.children) if (shownOnPage(child)) writeTwin(child, out);
      return;
    case 'breakableCode':
      out.push({ type: 'inlineCode', value: node.value });
      return;
    case 'facts':
      out.push(
        bulletList(node.children.map((item) => [strong(item.label), text(': '), ...twinPhrasing(item.children)])),
      );
      return;
    case 'callout':
      out.push({
        type: 'blockquote',
        children: [{ type: 'paragraph', children: [strong(node.title)] }, ...twinNodes(node.children)],
      } as Blockquote);
      return;
    default: {
      if (!('children' in node)) {
        out.push(node);
        return;
      }
      // A node whose children the twin keeps as they are is kept itself, so a printer may know it again (a table row).
      const children = twinNodes(node.children as RootContent[]);
      const kept = children.length === node.children.length && children.every((child, i) => child === node.children[i]);
      out.push(kept ? node : ({ ...node, children } as RootContent));
    }
  }
}

/** The outline's nodes as plain Markdown: what the twin prints. */
export function twinNodes(nodes: readonly RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) if (shownOnPage(node)) writeTwin(node, out);
  return out;
}

const twinPhrasing = (nodes: PhrasingContent[]): PhrasingContent[] => twinNodes(nodes) as PhrasingContent[];

/*
 * Markup the page needs where Markdown has no node: an element wrapping a part of the page (a `section`, a `<nav>`, a
 * `<dl>` and its entries, a `<details>` expander, an in-page link around a name), page-only content written as outline
 * nodes, and code that may wrap. A node the page hides (`hidden` among its attributes) is hidden from every reader of
 * that view, so the twin leaves it out.
 */

/** An element of the page (`section`, `nav`, `div`, `dl`, `details`…) around its children; the twin prints the children. */
export interface PageElement extends Parent {
  type: 'pageElement';
  element: string;
  children: RootContent[];
}

/** What only the page shows, as outline nodes (a field list the twin prints as a table); the twin leaves it out. */
export interface PageOnly extends Parent {
  type: 'pageOnly';
  children: RootContent[];
}

/**
 * Code the page lets wrap where a reader expects it: after each `/` or `_` (a path, a long field name), or between its
 * words (`' '`), never inside one. Plain inline code in the twin.
 */
export interface BreakableCode extends Node {
  type: 'breakableCode';
  value: string;
  at: '/' | '_' | ' ';
}

/** One fact whose label the page wraps in a `<span>` with `labelAttributes` (a badge in a key of badges). */
export interface Fact {
  labelAttributes?: PageAttributes;
}

declare module 'mdast' {
  interface RootContentMap {
    pageElement: PageElement;
    pageOnly: PageOnly;
    breakableCode: BreakableCode;
  }
  interface PhrasingContentMap {
    pageElement: PageElement;
    pageOnly: PageOnly;
    twinOnly: TwinOnly;
    breakableCode: BreakableCode;
  }
}

/** An element around `children` on the page, with its `attributes`; the twin prints the children alone. */
export const pageElement = (
  element: string,
  children: readonly (RootContent | PhrasingContent)[],
  attributes: PageAttributes = {},
): PageElement => onPage({ type: 'pageElement', element, children: [...children] }, attributes);

/** Whether a node shows on the page: one the page hides, or a list whose every item it hides, is no part of the twin. */
function shownOnPage(node: RootContent): boolean {
  if (node.data?.page?.['hidden'] === true) return false;
  return node.type !== 'list' || node.children.length === 0 || node.children.some(shownOnPage);
}

/** A fact whose label is a badge on the page: the twin prints it as any fact's label. */
export const badgeFact = (label: string, labelAttributes: PageAttributes, children: PhrasingContent[]): Fact => ({
  ...fact(label, children),
  labelAttributes,
});

/** Nodes only the page renders. @internal */
export const pageOnly = (children: readonly (RootContent | PhrasingContent)[]): PageOnly => ({
  type: 'pageOnly',
  children: [...children],
});

/** Code that may wrap after each `at` on the page. */
export const breakableCode = (value: string, at: BreakableCode['at'] = '/'): BreakableCode => ({
  type: 'breakableCode',
  value,
  at,
});
