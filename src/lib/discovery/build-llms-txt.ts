import { DEFAULT_LOCALE } from '../content/locales.ts';
import type { LlmsSection } from '../content/page-registry.ts';

/** A machine-readable resource of the service that `llms.txt` lists besides the pages. */
export interface ApiResource {
  title: string;
  /** Path on `BASE_URL`, query included where one is needed. */
  path: string;
  description: string;
}

/** A page as `llms.txt` lists it. */
export interface LlmsPage {
  title: string;
  description: string;
  locale: string;
  section: LlmsSection;
  /** URL path of the page's Markdown twin. */
  markdownPath: string;
}

/** Everything `llms.txt` is built from. */
export interface LlmsTxtInput {
  baseUrl: string;
  /** The H1: the service's name. */
  name: string;
  /** The blockquote under the H1: what the service is, in one or two sentences. */
  summary: string;
  /** Short paragraphs of facts an agent needs before following any link. */
  notes: readonly string[];
  /** Every page in every locale; the default locale's are listed by section, the others under Optional. */
  pages: readonly LlmsPage[];
  api: readonly ApiResource[];
  /** URL path of the file with every default-locale page in full. */
  fullTextPath: string;
}

/** Order of the H2 sections before `## Optional`. */
const SECTIONS: readonly LlmsSection[] = ['Guide', 'API', 'Biomarkers'];

/** One list item: `- [title](url): description` (llmstxt.org). */
const item = (title: string, url: string, description: string): string => `- [${title}](${url}): ${description}`;

/**
 * `/llms.txt` in the llmstxt.org format: an H1, a blockquote summary, notes, then H2
 * sections of links to the Markdown twins and the API documents, and `## Optional`
 * last with what an agent may skip (the pages in other languages).
 */
export function buildLlmsTxt(input: LlmsTxtInput): string {
  const { baseUrl } = input;
  const main = input.pages.filter((page) => page.locale === DEFAULT_LOCALE);
  const lines = [`# ${input.name}`, '', `> ${input.summary}`, ''];
  for (const note of input.notes) lines.push(note, '');
  for (const section of SECTIONS) {
    const pages = main.filter((page) => page.section === section);
    const items = pages.map((page) => item(page.title, `${baseUrl}${page.markdownPath}`, page.description));
    if (section === 'Guide') {
      items.push(item('Full text', `${baseUrl}${input.fullTextPath}`, 'all of the above in one Markdown file'));
    }
    if (section === 'API') {
      items.push(
        ...input.api.map((resource) => item(resource.title, `${baseUrl}${resource.path}`, resource.description)),
      );
    }
    if (items.length > 0) lines.push(`## ${section}`, '', ...items, '');
  }
  const others = input.pages.filter((page) => page.locale !== DEFAULT_LOCALE);
  if (others.length > 0) {
    lines.push('## Optional', '');
    for (const page of others) {
      lines.push(item(`${page.title} (${page.locale})`, `${baseUrl}${page.markdownPath}`, page.description));
    }
    lines.push('');
  }
  return lines.join('\n');
}

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
