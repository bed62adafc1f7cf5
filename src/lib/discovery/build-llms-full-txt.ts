/** One page of `llms-full.txt`: its Markdown twin and the URL it is published at. */
export interface FullTextPage {
  markdown: string;
  url: string;
}

/**
 * `/llms-full.txt`: the Markdown twins of the default-locale pages in one file, in
 * registry order, each followed by its source URL and separated by a thematic break.
 */
export function buildLlmsFullTxt(pages: readonly FullTextPage[]): string {
  return `${pages.map((page) => `${page.markdown.trimEnd()}\n\nSource: <${page.url}>\n`).join('\n---\n\n')}`;
}
