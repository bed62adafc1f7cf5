import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type {
  Blockquote,
  Code,
  Emphasis,
  Heading,
  InlineCode,
  Link,
  List,
  Nodes as MdastNodes,
  Paragraph,
  Parents,
  PhrasingContent,
  RootContent,
  Strong,
  Table,
  Text,
} from 'mdast';
import { toHast, type Handler, type State } from 'mdast-util-to-hast';
import { escapeHtml } from '../http/html-escape.ts';
import { tableRegionLabel, uniqueOnPage } from '../content/table-region-label.ts';
import { pageForm, SEMANTIC_TYPES, type SemanticNode } from './semantic-nodes.ts';
import type {
  BreakableCode,
  Callout,
  Fact,
  Facts,
  PageAttributes,
  PageElement,
  PageOnly,
  PagePart,
} from './page-outline.ts';

/*
 * A data page's outline (`page-outline.ts`) as HTML, with the unified ecosystem's own tools: `mdast-util-to-hast` with a
 * handler for each node the outline holds, then `hast-util-to-html`. Written as the rest of the page is (Astro's
 * escaping, no whitespace between elements), so a page reads the same whichever part wrote it. A part only Astro can
 * render (a code block Expressive Code highlights, a component with a script) is a hole the caller fills.
 */

/** Builds a page part's elements from its properties; undefined leaves the part to Astro. */
export type PartBuilder = (props: Record<string, unknown>) => ElementContent[] | undefined;

/** A node the outline leaves for Astro: a `code` block, a `callout` (its children already HTML) or a named part. */
export type AstroHole =
  | { kind: 'code'; value: string; lang: string }
  | { kind: 'callout'; variant: 'note' | 'warning'; title: string; html: string }
  | { kind: 'part'; component: string; props: Record<string, unknown> };

/** What rendering an outline needs besides its nodes. */
export interface OutlineHtmlOptions {
  /** The page parts written here, by component name. */
  parts: Readonly<Record<string, PartBuilder | undefined>>;
  /** Anything one page's render shares (the request), so two tables' scroll regions get distinct names. */
  page: object;
  /** Called for a part written by Astro; without it such a part throws. Returns the hole's number. */
  hole?: (hole: AstroHole) => number;
}

/** An element, as the outline's builders write one. */
export const element = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** Text, escaped as Astro escapes text (`&<>"'`), so a view reads as the rest of its page. */
export const textHtml = (value: string): ElementContent => ({ type: 'raw', value: escapeHtml(value) });

/** Markup written as it is (a prepared fragment, a JSON-LD body already escaped for its element). */
export const rawHtml = (value: string): ElementContent => ({ type: 'raw', value });

/** The attributes Astro writes bare for `true` and leaves out for `false`; any other writes the value as text. */
const BOOLEAN_ATTRIBUTE =
  /^(?:allowfullscreen|async|autofocus|autoplay|checked|controls|default|defer|disabled|disablepictureinpicture|disableremoteplayback|formnovalidate|inert|loop|muted|nomodule|novalidate|open|playsinline|readonly|required|reversed|scoped|seamless|selected|itemscope|hidden|popover|download)$/i;

/**
 * An element's properties from attributes given as values, as Astro writes an attribute from an expression: a
 * boolean attribute bare or not at all, an empty value as the bare name, anything else as its text.
 */
export function properties(attributes: PageAttributes | Readonly<Record<string, unknown>>): Properties {
  const out: Properties = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean' && BOOLEAN_ATTRIBUTE.test(name)) {
      if (value) out[name] = true;
    } else out[name] = value === '' ? true : String(value);
  }
  return out;
}

/** Whether, inside a tight list's item, paragraphs render as their text; kept per render. */
const tightness = new WeakMap<State, boolean>();

/** The hast of `nodes`, as children of the element being built; `tight` as the list item around them says. */
function childrenOf(state: State, nodes: readonly (RootContent | PhrasingContent)[], tight = false): ElementContent[] {
  const before = tightness.get(state) ?? false;
  tightness.set(state, tight);
  const out = state.all({ type: 'paragraph', children: nodes } as unknown as Parents);
  tightness.set(state, before);
  return out;
}

const attributesOf = (node: { data?: { page?: PageAttributes } | undefined }): Properties =>
  properties(node.data?.page ?? {});

/** An element for an mdast node: its page attributes after `first`, its children rendered. */
const wrap = (state: State, tagName: string, node: RootContent, first: Properties = {}): Element =>
  element(tagName, { ...first, ...attributesOf(node) }, 'children' in node ? childrenOf(state, node.children) : []);

/** A table's head and body: `<th scope="col">` heads, and `<th scope="row">` first cells where the rows have heads. */
function tableChildren(state: State, node: Table): ElementContent[] {
  const [head, ...rows] = node.children;
  const rowHeaders = node.data?.rowHeaders === true;
  const cell = (tag: string, scope: string | undefined, c: Table['children'][number]['children'][number]) =>
    element(tag, { ...(scope === undefined ? {} : { scope }), ...attributesOf(c) }, childrenOf(state, c.children));
  const out: ElementContent[] = [];
  if (head !== undefined) {
    out.push(
      element('thead', {}, [
        element(
          'tr',
          {},
          head.children.map((c) => cell('th', 'col', c)),
        ),
      ]),
    );
  }
  const body = rows.map((row) =>
    element(
      'tr',
      attributesOf(row),
      row.children.map((c, index) => (rowHeaders && index === 0 ? cell('th', 'row', c) : cell('td', undefined, c))),
    ),
  );
  out.push(element('tbody', {}, body));
  return out;
}

/** A code that may wrap: between words (each a `<span>`), or after each `/` or `_` (`<wbr>`). */
function breakable(value: string, at: '/' | '_' | ' '): Element {
  if (at === ' ') {
    const words = value
      .split(' ')
      .flatMap((word, i) => [...(i > 0 ? [textHtml(' ')] : []), element('span', {}, [textHtml(word)])]);
    return element('code', { class: 'code-words' }, words);
  }
  const parts = value
    .split(at)
    .flatMap((part, i) => [
      ...(i > 0 ? [textHtml(at), element('wbr', {})] : []),
      ...(part === '' ? [] : [textHtml(part)]),
    ]);
  return element('code', {}, parts);
}

/** The handlers, one per node type an outline holds. */
function handlers(options: OutlineHtmlOptions): Record<string, Handler> {
  const hole = (value: AstroHole): ElementContent => {
    if (options.hole === undefined) throw new Error(`an outline's ${value.kind} needs Astro to render it`);
    return { type: 'comment', value: `outline-hole ${options.hole(value)}` };
  };
  const htmlOf = (state: State, nodes: readonly RootContent[]) => toHtml(childrenOf(state, nodes), HTML_OPTIONS);
  return {
    text: (_, node: Text) =>
      node.data?.page === undefined
        ? textHtml(node.value)
        : element('span', attributesOf(node), [textHtml(node.value)]),
    inlineCode: (_, node: InlineCode) => element('code', attributesOf(node), [textHtml(node.value)]),
    strong: (state, node: Strong) => wrap(state, 'strong', node),
    emphasis: (state, node: Emphasis) => wrap(state, 'em', node),
    link: (state, node: Link) => wrap(state, 'a', node, { href: node.url }),
    break: () => element('br', {}),
    heading: (state, node: Heading) =>
      wrap(state, `h${node.depth}`, node, node.data?.anchor === undefined ? {} : { id: node.data.anchor }),
    paragraph: (state, node: Paragraph) =>
      tightness.get(state) === true && node.data?.page === undefined
        ? childrenOf(state, node.children)
        : wrap(state, 'p', node),
    list: (state, node: List) =>
      element(
        node.ordered === true ? 'ol' : 'ul',
        attributesOf(node),
        node.children.map((item) =>
          element('li', attributesOf(item), childrenOf(state, item.children, node.spread !== true)),
        ),
      ),
    blockquote: (state, node: Blockquote) => wrap(state, 'blockquote', node),
    code: (_, node: Code) =>
      hole({ kind: 'code', value: node.value, lang: node.lang === 'text' ? 'txt' : (node.lang ?? 'txt') }),
    table: (state, node: Table) => {
      const table = element('table', attributesOf(node), tableChildren(state, node));
      if (node.data?.scroll !== true) return table;
      const label = uniqueOnPage(options.page, tableRegionLabel(toHtml(table.children, HTML_OPTIONS)));
      return element('section', { class: 'table-scroll', tabIndex: 0, ariaLabel: label }, [table]);
    },
    facts: (state, node: Facts) =>
      element(
        'dl',
        attributesOf(node),
        node.children.map((item: Fact) =>
          element('div', {}, [
            element('dt', {}, [
              item.labelAttributes === undefined
                ? textHtml(item.label)
                : element('span', properties(item.labelAttributes), [textHtml(item.label)]),
            ]),
            element('dd', attributesOf(item), childrenOf(state, item.children)),
          ]),
        ),
      ),
    callout: (state, node: Callout) =>
      hole({ kind: 'callout', variant: node.variant, title: node.title, html: htmlOf(state, node.children) }),
    pageElement: (state, node: PageElement) =>
      element(node.element, attributesOf(node), childrenOf(state, node.children)),
    written: (_, node: { value: string }) => rawHtml(node.value),
    pageOnly: (state, node: PageOnly) => childrenOf(state, node.children, tightness.get(state) ?? false),
    breakableCode: (_, node: BreakableCode) => breakable(node.value, node.at),
    pagePart: (_, node: PagePart) => {
      const built = options.parts[node.component]?.(node.props);
      return built ?? hole({ kind: 'part', component: node.component, props: node.props });
    },
    ...Object.fromEntries(
      SEMANTIC_TYPES.map((type): [string, Handler] => [
        type,
        (state, node: SemanticNode) => childrenOf(state, pageForm(node)),
      ]),
    ),
  };
}

/** How the outline's HTML is written: as Astro writes the rest of the page. */
const HTML_OPTIONS = {
  allowDangerousHtml: true,
  allowDangerousCharacters: true,
  characterReferences: { useNamedReferences: true },
} as const;

/** Markdown's nodes an outline does not hold: mdast-util-to-hast's own handlers would write them otherwise. */
const NO_PAGE_FORM = [
  ...['definition', 'delete', 'footnoteDefinition', 'footnoteReference', 'html', 'image', 'imageReference'],
  ...['linkReference', 'listItem', 'tableCell', 'tableRow', 'thematicBreak', 'toml', 'yaml'],
];

const refuse: Handler = (_, node: { type: string }) => {
  throw new Error(`an outline has no page form for a ${node.type} node`);
};

/** Elements built for an outline, as HTML written as the outline's (for a part written once and reused). */
export const hastHtml = (nodes: ElementContent | ElementContent[]): string => toHtml(nodes, HTML_OPTIONS);

/**
 * The outline as the page writes it: without what only the twin says (`toHast` walks the whole tree it is given
 * before writing it, and a twin's tables, the biomarker list's a row per marker, would be walked for nothing), and
 * each node its outline keeps (`Data.kept`) written once and then given as its HTML.
 */
function pageNodes(nodes: readonly RootContent[], options: OutlineHtmlOptions): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) {
    if (node.type === 'twinOnly') continue;
    const children = 'children' in node ? (node.children as RootContent[]) : undefined;
    if (node.data?.kept === true)
      out.push({ type: 'written', value: keptHtml(node, options) } as unknown as RootContent);
    else out.push(children === undefined ? node : ({ ...node, children: pageNodes(children, options) } as RootContent));
  }
  return out;
}

/** The HTML of each node an outline keeps for many renders, written the first time. */
const writtenNodes = new WeakMap<RootContent, string>();

function keptHtml(node: RootContent, options: OutlineHtmlOptions): string {
  let html = writtenNodes.get(node);
  if (html === undefined) {
    const { data, ...rest } = node;
    const once = { ...rest, data: { ...data, kept: false } } as RootContent;
    writtenNodes.set(node, (html = outlineHtml([once], options)));
  }
  return html;
}

/** The node an outline's nodes reach `toHast` in (`outlineHast`), and its handler. */
const OUTLINE_ROOT: Record<string, Handler> = {
  outline: (state, node: { nodes: RootContent[] }) => childrenOf(state, node.nodes),
};

/**
 * The outline's nodes as hast. `toHast` first walks the whole tree it is given for Markdown's definitions, a walk that
 * costs about a third of writing a view; an outline holds none (a definition is refused), so its nodes are handed over
 * inside one node whose `nodes` the walk does not enter, and its handler writes them.
 */
function outlineHast(nodes: readonly RootContent[], options: OutlineHtmlOptions): ElementContent[] {
  const root = { type: 'outline', nodes: pageNodes(nodes, options) } as unknown as MdastNodes;
  const tree = toHast(root, {
    allowDangerousHtml: true,
    handlers: {
      ...Object.fromEntries(NO_PAGE_FORM.map((type) => [type, refuse])),
      ...handlers(options),
      ...OUTLINE_ROOT,
    },
    unknownHandler: refuse,
  });
  return tree.type === 'root' ? (tree.children as ElementContent[]) : [tree as ElementContent];
}

/**
 * Markup at least this long (a marker's card, a section written once) is put into the page after the rest is written,
 * not written into every element around it: `hast-util-to-html` joins each element's children into a new string, so
 * markup nested n deep would be copied n times.
 */
const SPLICED_LENGTH = 256;

/** End of a spliced fragment's place (private use: the page's escaping leaves it alone). */
const PLACE_END = '\uE003';

/**
 * `nodes` with each long raw node replaced by a place `${tag}${index}${PLACE_END}`, its markup pushed onto
 * `fragments`; nodes and arrays are copied where something changes, never changed (a part may share its nodes).
 */
function withPlaces(nodes: ElementContent[], fragments: string[], tag: string): ElementContent[] {
  let copy: ElementContent[] | undefined;
  nodes.forEach((node, i) => {
    let next = node;
    if (node.type === 'raw' && node.value.length >= SPLICED_LENGTH)
      next = { type: 'raw', value: `${tag}${fragments.push(node.value) - 1}${PLACE_END}` };
    else if (node.type === 'element' && node.children.length > 0) {
      const children = withPlaces(node.children, fragments, tag);
      if (children !== node.children) next = { ...node, children };
    }
    if (next !== node) (copy ??= nodes.slice())[i] = next;
  });
  return copy ?? nodes;
}

/**
 * The outline's nodes as HTML in pieces, in order: what a caller writes out without joining them first (a filtered
 * view writes them into its page's bytes). A part only Astro renders throws.
 */
export function outlineHtmlPieces(nodes: readonly RootContent[], options: OutlineHtmlOptions): string[] {
  // A tag no text of the page can hold: random per call, so no data can forge a place.
  const tag = `\uE002${globalThis.crypto.randomUUID()}:`;
  const fragments: string[] = [];
  const pieces = toHtml(withPlaces(outlineHast(nodes, options), fragments, tag), HTML_OPTIONS).split(tag);
  const out = [pieces[0]!];
  for (const piece of pieces.slice(1)) {
    const end = piece.indexOf(PLACE_END);
    out.push(fragments[Number(piece.slice(0, end))]!, piece.slice(end + PLACE_END.length));
  }
  return out;
}

/** The outline's nodes as HTML; a part only Astro renders throws. @internal */
export const outlineHtml = (nodes: readonly RootContent[], options: OutlineHtmlOptions): string =>
  outlineHtmlPieces(nodes, options).join('');

/**
 * The outline as HTML cut where Astro renders a part: `html` has one more piece than `holes`, and the page is
 * `html[0]`, `holes[0]`, `html[1]`… (what `DataPage.astro` writes).
 */
export function outlineHtmlWithHoles(
  nodes: readonly RootContent[],
  options: Omit<OutlineHtmlOptions, 'hole'>,
): { html: string[]; holes: AstroHole[] } {
  const holes: AstroHole[] = [];
  const text = outlineHtml(nodes, { ...options, hole: (value) => holes.push(value) - 1 });
  return { html: text.split(/<!--outline-hole \d+-->/), holes };
}
