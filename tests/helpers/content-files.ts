import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** `content/` of the repository. */
export const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

/** One MDX page as it is on disk: its collection id, raw frontmatter and body. */
export interface PageFile {
  /** `en/index`, `de/docs/mcp`… */
  id: string;
  frontmatter: unknown;
  body: string;
}

/** Every `content/pages/**\/*.mdx`, split into frontmatter and body the way Astro splits them. */
export function readPageFiles(): PageFile[] {
  const dir = `${CONTENT_DIR}pages/`;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.mdx'))
    .sort()
    .map((entry) => {
      const source = readFileSync(dir + entry, 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
      if (match === null) throw new Error(`${entry}: no frontmatter`);
      return { id: entry.replace(/\.mdx$/, ''), frontmatter: parse(match[1]!), body: match[2]! };
    });
}

/** A UI strings file, parsed. */
export const readUiStrings = (locale: string): unknown =>
  parse(readFileSync(`${CONTENT_DIR}i18n/${locale}.yaml`, 'utf8'));

/**
 * Markdown with code removed (fenced blocks and code spans), so checks for stray HTML
 * or JSX do not trip over `<ACCESS_TOKEN>` in a code sample.
 */
export const withoutCode = (markdown: string): string =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
