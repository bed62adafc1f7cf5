import type { ChangeKind, ChangelogFeed } from '../content/changelog-feeds.ts';
import { pagePath } from '../content/page-paths.ts';
import { escapeHtml } from '../http/html-escape.ts';
import { CHANGELOG_SLUG } from '../content/page-registry.ts';
import { textRuns } from './changelog.ts';
import { entryUpdated, type ChangelogEntry } from './changelog-schema.ts';

/** What the feed says about itself besides its entries, in its language. */
export interface AtomFeedInput {
  /** The changelog's entries, newest first; the feed lists those of its kind. */
  entries: readonly ChangelogEntry[];
  /** Which feed: its language, its kind (none: every entry) and its path. */
  feed: ChangelogFeed;
  /** Public origin: every URL and id is absolute on it. */
  baseUrl: string;
  /** The feed's `title`, e.g. "Changelog: API · Biomarker Catalog". */
  title: string;
  /** The feed's `subtitle`: the page's description. */
  subtitle: string;
  /** The feed's `author` name: the service. */
  author: string;
  /** Label of the "what to do" paragraph of each entry's content. */
  actionLabel: string;
  /** Each kind's name, the `label` of an entry's `category`. */
  kindLabels: Readonly<Record<ChangeKind, string>>;
}

/** A feed's text, and when its newest entry last changed (its `updated`), for the `Last-Modified` it is sent with. */
export interface AtomFeed {
  xml: string;
  updated: string;
}

/** Entry text as HTML (then escaped once more as the XML text of a `type="html"` element, RFC 4287). */
const html = (text: string): string =>
  textRuns(text)
    .map((run) => (run.code ? `<code>${escapeHtml(run.text)}</code>` : escapeHtml(run.text)))
    .join('');

/** What a feed without entries says for its `updated`: the epoch, before anything it could list. */
const NO_ENTRIES_UPDATED = '1970-01-01T00:00:00Z';

/**
 * When the newest of `entries` last changed (their latest `atom:updated`): the feed's `updated`. The timestamps
 * share one form, so the greatest text is the latest instant.
 */
const feedUpdated = (entries: readonly ChangelogEntry[]): string =>
  entries.map(entryUpdated).reduce((latest, updated) => (updated > latest ? updated : latest), NO_ENTRIES_UPDATED);

/** The entries `feed` lists, newest first: every entry, or those of its kind. */
const feedEntries = (entries: readonly ChangelogEntry[], feed: ChangelogFeed): readonly ChangelogEntry[] =>
  feed.kind === undefined ? entries : entries.filter((entry) => entry.kind === feed.kind);

/** One entry: its text in the feed's language, its id and link on the page in that language. */
function entryXml(entry: ChangelogEntry, page: string, input: AtomFeedInput): string {
  const x = escapeHtml;
  const text = entry[input.feed.locale];
  const content = `<p>${html(text.change)}</p><p><strong>${x(input.actionLabel)}</strong> ${html(text.action)}</p>`;
  return [
    '  <entry>',
    `    <id>${x(`${page}#${entry.id}`)}</id>`,
    `    <title>${x(text.title)}</title>`,
    `    <published>${entry.date}</published>`,
    `    <updated>${entryUpdated(entry)}</updated>`,
    `    <link rel="alternate" type="text/html" href="${x(`${page}#${entry.id}`)}"/>`,
    `    <category term="${entry.kind}" label="${x(input.kindLabels[entry.kind])}"/>`,
    `    <content type="html">${x(content)}</content>`,
    '  </entry>',
  ].join('\n');
}

/**
 * One of the changelog's Atom feeds (RFC 4287), in its language. A language's feed of every entry has its page's URL
 * as its id (as the English feed was first published), a kind's feed, which shares that page, its own URL. Each
 * entry's id is the page's URL with the entry's anchor, which never changes once published, so readers recognize an
 * entry across builds and in either of the two feeds of its language that list it. Each entry is `published` when its
 * change landed and `updated` when its text last changed; the feed's `updated` is the latest of its entries', so the
 * feed's bytes, its ETag and its Last-Modified change only with its content.
 */
export function buildAtomFeed(input: AtomFeedInput): AtomFeed {
  const { feed, baseUrl } = input;
  const page = `${baseUrl}${pagePath(feed.locale, CHANGELOG_SLUG)}`;
  const self = `${baseUrl}${feed.path}`;
  const entries = feedEntries(input.entries, feed);
  const updated = feedUpdated(entries);
  const x = escapeHtml;
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${feed.locale}">`,
    `  <id>${x(feed.kind === undefined ? page : self)}</id>`,
    `  <title>${x(input.title)}</title>`,
    `  <subtitle>${x(input.subtitle)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(page)}"/>`,
    `  <author><name>${x(input.author)}</name><uri>${x(baseUrl + '/')}</uri></author>`,
    ...entries.map((entry) => entryXml(entry, page, input)),
    '</feed>',
    '',
  ].join('\n');
  return { xml, updated };
}
