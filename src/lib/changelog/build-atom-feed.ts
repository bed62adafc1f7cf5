import { DEFAULT_LOCALE, type Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import { escapeHtml } from '../http/html-escape.ts';
import { CHANGELOG_FEED_PATH, CHANGELOG_SLUG } from '../content/page-registry.ts';
import { textRuns } from './changelog.ts';
import { entryUpdated, type ChangelogEntry } from './changelog-schema.ts';

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

/** What a feed without entries says for its `updated`: the epoch, before anything it could list. */
const NO_ENTRIES_UPDATED = '1970-01-01T00:00:00Z';

/**
 * When the newest of `entries` last changed (their latest `atom:updated`): the feed's `updated` and its
 * `Last-Modified`. The timestamps share one form, so the greatest text is the latest instant.
 */
export const feedUpdated = (entries: readonly ChangelogEntry[]): string =>
  entries.map(entryUpdated).reduce((latest, updated) => (updated > latest ? updated : latest), NO_ENTRIES_UPDATED);

/**
 * The changelog as an Atom feed (RFC 4287): the feed's id is the page's URL, each entry's id the page's URL with the
 * entry's anchor, which never changes once published, so readers recognize an entry across builds. Each entry is
 * `published` when its change landed and `updated` when its text last changed; the feed's `updated` is the latest of
 * these, so the feed's bytes, and its ETag, change only with its content.
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
      `    <published>${entry.date}</published>`,
      `    <updated>${entryUpdated(entry)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${x(`${page}#${entry.id}`)}"/>`,
      `    <category term="${entry.kind}"/>`,
      `    <content type="html">${x(content)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    `  <id>${x(page)}</id>`,
    `  <title>${x(input.title)}</title>`,
    `  <subtitle>${x(input.subtitle)}</subtitle>`,
    `  <updated>${feedUpdated(input.entries)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(input.baseUrl + CHANGELOG_FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(page)}"/>`,
    `  <author><name>${x(input.author)}</name><uri>${x(input.baseUrl + '/')}</uri></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
