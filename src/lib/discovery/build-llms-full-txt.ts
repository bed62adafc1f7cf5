import type { Code, Nodes, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { markdownBlocks, substituteBaseUrl } from '../markdown/markdown-printer.ts';

/** One page of `llms-full.txt`: the tree of its Markdown twin (which names its URL under its title) and its URL. */
export interface FullTextPage {
  /** The page's title, as its twin's H1 has it. */
  title: string;
  /** The twin before printing (`pageMdast`): `llms-full.txt` leaves out what it shares with earlier pages, then prints it. */
  tree: Root;
  url: string;
  /** The item family of an item page (a biomarker's): the family's pages share a section (`SharedSection`). */
  family?: string;
  /** The item's key on an item page, for what a shared section's pointer names of it. */
  key?: string;
}

/** Where a page is: the title and URL a pointer to it names. */
interface PageRef {
  title: string;
  url: string;
}

/** A section alike on every page of an item family but for its values: `llms-full.txt` holds it once. */
export interface SharedSection {
  /** The text of the section's level-2 heading, e.g. `Fetch it from the API`. */
  heading: string;
  /**
   * What replaces the section's content (one line of Markdown, as the interface strings write it), given the family's
   * first page (undefined on that page) and the page; undefined keeps it.
   */
  pointer(first: PageRef | undefined, page: FullTextPage): string | undefined;
}

/** The interface strings' Markdown (a pointer's line) as nodes. */
const parser = remark().use(remarkGfm);
const parseLine = (markdown: string): RootContent[] => parser.parse(markdown).children;

/** The text a node shows, markup left out (a heading's, to find a section by). */
function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child)).join('') : '';
}

const isSectionHeading = (node: RootContent): boolean => node.type === 'heading' && node.depth <= 2;

/** `nodes` with the content of the level-2 section `shared` names replaced by its pointer, where both apply. */
function pointToShared(
  nodes: RootContent[],
  page: FullTextPage,
  shared: SharedSection,
  first: PageRef | undefined,
): RootContent[] {
  const start = nodes.findIndex(
    (node) => node.type === 'heading' && node.depth === 2 && plainText(node) === shared.heading,
  );
  const pointer = start < 0 ? undefined : shared.pointer(first, page);
  if (pointer === undefined) return nodes;
  const after = nodes.findIndex((node, index) => index > start && isSectionHeading(node));
  return [...nodes.slice(0, start + 1), ...parseLine(pointer), ...(after < 0 ? [] : nodes.slice(after))];
}

/** A code block this long or longer, as printed (an excerpt of output as much as a sample), is held once. */
const MIN_SHARED_CODE = 80;

/** What tells nodes apart: the node as data, without where a parser found it. */
const shape = (node: unknown): string =>
  JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value));

/** How long a code block is printed: its fences, info string and lines (the origin as configured). */
function printedLength(node: Code, baseUrl: string): number {
  const info = [node.lang, node.meta].filter((part) => part != null).join(' ');
  return substituteBaseUrl(node.value, baseUrl).length + info.length + 2 * '```'.length + 2;
}

/** What the pages so far hold: item pages' blocks and the code blocks shown. */
class EarlierText {
  readonly #blocks = new Set<string>();
  readonly #code = new Map<string, PageRef>();

  readonly #baseUrl: string;

  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl;
  }

  add(nodes: RootContent[], itemPage: boolean): void {
    if (itemPage) for (const node of nodes) this.#blocks.add(shape(node));
  }

  /** `nodes` (of `page`) with each code block already shown, here or on an earlier page, replaced by `pointer` there. */
  withCodeOnce(nodes: RootContent[], page: PageRef, pointer: (page: PageRef) => string): RootContent[] {
    return nodes.flatMap((node) => {
      if (node.type !== 'code' || printedLength(node, this.#baseUrl) < MIN_SHARED_CODE) return [node];
      const block = shape(node);
      const first = this.#code.get(block);
      if (first === undefined) this.#code.set(block, page);
      return first === undefined ? [node] : parseLine(pointer(first));
    });
  }

  /**
   * `nodes` without plain paragraphs and asides (block quotes) an earlier item page has; headings, tables, lists, code
   * and the page's own text stay, so each item's section reads whole (a marker's description and table included).
   */
  withoutRepeats(nodes: RootContent[]): RootContent[] {
    return nodes.filter((node) => {
      if (node.type !== 'paragraph' && node.type !== 'blockquote') return true;
      const block = shape(node);
      return !this.#blocks.has(block);
    });
  }
}

/** How `llms-full.txt` holds once what its pages share. */
export interface SharingOptions {
  /** Sections the pages of an item family share. */
  shared?: readonly SharedSection[];
  /** What stands in place of a code block an earlier page has, given that page (one line of Markdown). */
  sameBlock?: (page: PageRef) => string;
  /** The public origin, for the `{BASE_URL}` the trees' code samples name. */
  baseUrl?: string;
}

/**
 * `/llms-full.txt`: the default-locale twins in registry order, each naming its source URL under its title. A code block an earlier
 * page has points there; an item page leaves out what an earlier page holds, and its `shared` sections point to it.
 * It works on the twins' trees and prints each once.
 */
export function buildLlmsFullTxt(
  pages: readonly FullTextPage[],
  { shared = [], sameBlock, baseUrl = '' }: SharingOptions = {},
): string {
  const firsts = new Map<string, PageRef>();
  const earlier = new EarlierText(baseUrl);
  const texts = pages.map((page) => {
    const own = page.tree.children;
    const ref: PageRef = { title: page.title, url: page.url };
    let nodes = sameBlock === undefined ? own : earlier.withCodeOnce(own, ref, sameBlock);
    if (page.family !== undefined) {
      const first = firsts.get(page.family);
      if (first === undefined) firsts.set(page.family, ref);
      nodes = earlier.withoutRepeats(nodes);
      for (const section of shared) nodes = pointToShared(nodes, page, section, first);
    }
    earlier.add(own, page.family !== undefined);
    return `${markdownBlocks(nodes, baseUrl).trimEnd()}\n`;
  });
  return texts.join('\n---\n\n');
}
