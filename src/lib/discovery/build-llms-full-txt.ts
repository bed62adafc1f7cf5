/** One page of `llms-full.txt`: its Markdown twin (which names its URL under its title) and the URL it is published at. */
export interface FullTextPage {
  /** The page's title, as its twin's H1 has it. */
  title: string;
  markdown: string;
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
  /** The section's heading line, e.g. `## Fetch it from the API`. */
  heading: string;
  /** What replaces it, given the family's first page (undefined on that page) and the page; undefined keeps it. */
  pointer(first: PageRef | undefined, page: FullTextPage): string | undefined;
}

/** Where the `##` section under `heading` starts and ends (the next `##` heading, or the end). */
function sectionRange(markdown: string, heading: string): [number, number] | undefined {
  // A line of its own: with a newline in front, the heading's index is where it starts in `markdown`.
  const start = `\n${markdown}`.indexOf(`\n${heading}\n`);
  if (start < 0) return undefined;
  const next = markdown.indexOf('\n## ', start + heading.length);
  return [start, next < 0 ? markdown.length : next + 1];
}

/** A page's `markdown` with the shared section replaced by its pointer, where it has the section and the pointer applies. */
function pointToShared(
  markdown: string,
  page: FullTextPage,
  shared: SharedSection,
  first: PageRef | undefined,
): string {
  const range = sectionRange(markdown, shared.heading);
  const pointer = range === undefined ? undefined : shared.pointer(first, page);
  if (range === undefined || pointer === undefined) return markdown;
  return `${markdown.slice(0, range[0])}${shared.heading}\n\n${pointer}\n\n${markdown.slice(range[1])}`;
}

/** A fenced code block of at least a line's worth, whole: an excerpt of output as much as a sample. */
const CODE_BLOCK = /^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm;
const MIN_SHARED_CODE = 80;

/** What the pages so far hold: item pages' paragraphs, every page's table cells, the code blocks shown. */
class EarlierText {
  readonly #blocks = new Set<string>();
  readonly #cells = new Set<string>();
  readonly #code = new Map<string, PageRef>();

  add(markdown: string, itemPage: boolean): void {
    if (itemPage) for (const block of markdown.split('\n\n')) this.#blocks.add(block);
    for (const row of markdown.matchAll(/^\| (.*) \|$/gm))
      for (const cell of row[1]!.split(' | ')) this.#cells.add(cell);
  }

  /** `markdown` (of `page`) with each code block already shown, here or on an earlier page, replaced by `pointer` there. */
  withCodeOnce(markdown: string, page: PageRef, pointer: (page: PageRef) => string): string {
    return markdown.replace(CODE_BLOCK, (block) => {
      if (block.length < MIN_SHARED_CODE) return block;
      const first = this.#code.get(block);
      if (first === undefined) this.#code.set(block, page);
      return first === undefined ? block : pointer(first);
    });
  }

  /**
   * `markdown` without plain paragraphs an earlier item page has, or any earlier page has as a table cell (a marker's
   * description in its row of the list); headings, tables, lists and code stay: they carry the page's own values.
   */
  withoutRepeats(markdown: string): string {
    return markdown
      .split('\n\n')
      .filter((block) => !(/^[^#|`\-\s]/.test(block) && (this.#blocks.has(block) || this.#cells.has(block))))
      .join('\n\n');
  }
}

/** How `llms-full.txt` holds once what its pages share. */
export interface SharingOptions {
  /** Sections the pages of an item family share. */
  shared?: readonly SharedSection[];
  /** What stands in place of a code block an earlier page has, given that page. */
  sameBlock?: (page: PageRef) => string;
}

/**
 * `/llms-full.txt`: the default-locale twins in registry order, each naming its source URL under its title. A code block an earlier
 * page has points there; an item page leaves out what an earlier page holds, and its `shared` sections point to it.
 */
export function buildLlmsFullTxt(
  pages: readonly FullTextPage[],
  { shared = [], sameBlock }: SharingOptions = {},
): string {
  const firsts = new Map<string, PageRef>();
  const earlier = new EarlierText();
  const texts = pages.map((page) => {
    const own = page.markdown.trimEnd();
    const ref: PageRef = { title: page.title, url: page.url };
    let text = sameBlock === undefined ? own : earlier.withCodeOnce(own, ref, sameBlock);
    if (page.family !== undefined) {
      const first = firsts.get(page.family);
      if (first === undefined) firsts.set(page.family, ref);
      text = earlier.withoutRepeats(text);
      for (const section of shared) text = pointToShared(text, page, section, first);
    }
    earlier.add(own, page.family !== undefined);
    return `${text.trimEnd()}\n`;
  });
  return texts.join('\n---\n\n');
}
