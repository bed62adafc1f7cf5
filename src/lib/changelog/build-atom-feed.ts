import { DEFAULT_LOCALE, type Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import { escapeHtml } from '../http/html-escape.ts';
import { CHANGELOG_FEED_PATH, CHANGELOG_SLUG } from '../content/page-registry.ts';
import { textRuns } from './changelog.ts';
import type { ChangelogEntry } from './changelog-schema.ts';

/** What the feed says about itself besides its entries. */
export interface AtomFeedInput {
  /** The changelog's entries, newest first. */
  entries: readonly ChangelogEntry[];
  /** Public origin: every URL and id is absolute on it. */
  baseUrl: string;
  /** The feed's `title`, e.g. "Changelog · Biomarker Catalog". */
  title: string;
  /** The feed's `subtitle`: the page's description. */
  subtitle: string;
  /** The feed's `author` name: the service. */
  author: string;
  /** Label of the "what to do" paragraph of each entry's content. */
  actionLabel: string;
  /** Language of the text; the feed is published in the default locale only (docs/guide.md). */
  locale?: Locale;
}

/** Entry text as HTML (then escaped once more as the XML text of a `type="html"` element, RFC 4287). */
const html = (text: string): string =>
  textRuns(text)
    .map((run) => (run.code ? `<code>${escapeHtml(run.text)}</code>` : escapeHtml(run.text)))
    .join('');

/** A day of the changelog as an RFC 3339 timestamp (RFC 3339): midnight UTC. */
const timestamp = (date: string): string => `${date}T00:00:00Z`;

/**
 * The changelog as an Atom feed (RFC 4287): the feed's id is the page's URL, each entry's id the page's URL with the
 * entry's anchor, which never changes once published, so readers recognize an entry across builds. `updated` is the
 * newest entry's day, so the feed's bytes, and its ETag, change only with its content.
 */
export function buildAtomFeed(input: AtomFeedInput): string {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const page = `${input.baseUrl}${pagePath(locale, CHANGELOG_SLUG)}`;
  const x = escapeHtml;
  const entries = input.entries.map((entry) => {
    const text = entry[locale];
    const content = `<p>${html(text.change)}</p><p><strong>${escapeHtml(input.actionLabel)}</strong> ${html(text.action)}</p>`;
    return [
      '  <entry>',
      `    <id>${x(`${page}#${entry.id}`)}</id>`,
      `    <title>${x(text.title)}</title>`,
      `    <updated>${timestamp(entry.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${x(`${page}#${entry.id}`)}"/>`,
      `    <category term="${entry.kind}"/>`,
      `    <content type="html">${x(content)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  const newest = input.entries[0]?.date ?? '1970-01-01';
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    `  <id>${x(page)}</id>`,
    `  <title>${x(input.title)}</title>`,
    `  <subtitle>${x(input.subtitle)}</subtitle>`,
    `  <updated>${timestamp(newest)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(input.baseUrl + CHANGELOG_FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(page)}"/>`,
    `  <author><name>${x(input.author)}</name><uri>${x(input.baseUrl + '/')}</uri></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
