import { parseChangelog, type ChangelogEntry } from './changelog-schema.ts';

/** Every entry of `content/changelog.yaml`, newest first, validated when the bundle loads (so at build). */
export const CHANGELOG_ENTRIES: readonly ChangelogEntry[] = parseChangelog(
  Object.values(
    import.meta.glob<string>('@site-content/changelog.yaml', { query: '?raw', import: 'default', eager: true }),
  )[0] ?? '',
);

/** A run of entry text: plain, or code (between backticks in the data). */
export interface TextRun {
  code: boolean;
  text: string;
}

/** Splits entry text at its backticks, so each rendering (HTML, Markdown, the feed) marks code its own way. */
export const textRuns = (text: string): TextRun[] =>
  text
    .split('`')
    .map((part, index) => ({ code: index % 2 === 1, text: part }))
    .filter((run) => run.text !== '');
