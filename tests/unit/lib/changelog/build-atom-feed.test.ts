import { parseAtomFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { buildAtomFeed } from '../../../../src/lib/changelog/build-atom-feed.ts';
import type { ChangelogEntry } from '../../../../src/lib/changelog/changelog-schema.ts';
import { CHANGELOG_FEEDS, type ChangelogFeed } from '../../../../src/lib/content/changelog-feeds.ts';

/** An entry of `kind` that landed at `date`, its text naming its id in either language. */
const entry = (id: string, kind: ChangelogEntry['kind'], date: string, updated?: string): ChangelogEntry => ({
  id,
  date,
  ...(updated === undefined ? {} : { updated }),
  kind,
  en: { title: `English ${id}`, change: `What changed in ${id}, with \`code\`.`, action: 'Nothing.' },
  de: { title: `Deutsch ${id}`, change: `Was sich in ${id} geändert hat, mit \`Code\`.`, action: 'Nichts.' },
});

/** Newest first, as the changelog gives them; the older catalog entry was corrected after the newest landed. */
const ENTRIES: readonly ChangelogEntry[] = [
  entry('newest-api', 'api', '2026-12-02T03:01:25Z'),
  entry('docs-change', 'docs', '2026-11-28T01:06:12Z'),
  entry('catalog-fix', 'catalog', '2026-11-23T15:36:21Z', '2026-12-02T09:30:00Z'),
  entry('first-api', 'api', '2026-11-22T03:08:34Z'),
];

const BASE = 'https://catalog.example';

/** The registry's feed of `kind` (undefined: every entry) in `locale`. */
const feedOf = (locale: 'en' | 'de', kind?: ChangelogEntry['kind']): ChangelogFeed =>
  CHANGELOG_FEEDS.find((feed) => feed.locale === locale && feed.kind === kind)!;

const KIND_LABELS = {
  en: { api: 'API', catalog: 'Catalog data', docs: 'Guide' },
  de: { api: 'API', catalog: 'Katalogdaten', docs: 'Leitfaden' },
};

const build = (feed: ChangelogFeed, entries: readonly ChangelogEntry[] = ENTRIES) =>
  buildAtomFeed({
    entries,
    feed,
    baseUrl: BASE,
    title: 'Changelog · Biomarker Catalog',
    subtitle: 'What changed.',
    author: 'Biomarker Catalog',
    actionLabel: feed.locale === 'de' ? 'Was zu tun ist:' : 'What to do:',
    kindLabels: KIND_LABELS[feed.locale],
  });

const parse = (feed: ChangelogFeed, entries?: readonly ChangelogEntry[]) => parseAtomFeed(build(feed, entries).xml);

describe('buildAtomFeed: timestamps', () => {
  it('gives each entry the instant its change landed as published, and its last correction as updated', () => {
    const entries = parse(feedOf('en')).entries ?? [];
    expect(entries.map((e) => [e.published, e.updated])).toEqual([
      ['2026-12-02T03:01:25Z', '2026-12-02T03:01:25Z'],
      ['2026-11-28T01:06:12Z', '2026-11-28T01:06:12Z'],
      ['2026-11-23T15:36:21Z', '2026-12-02T09:30:00Z'],
      ['2026-11-22T03:08:34Z', '2026-11-22T03:08:34Z'],
    ]);
  });

  it('is updated when its latest entry last changed, a correction included, and says so for Last-Modified', () => {
    expect(parse(feedOf('en')).updated).toBe('2026-12-02T09:30:00Z');
    expect(build(feedOf('en')).updated).toBe('2026-12-02T09:30:00Z');
    expect(parse(feedOf('en'), ENTRIES.slice(0, 2)).updated).toBe('2026-12-02T03:01:25Z');
  });

  it('is updated when the latest entry of its own kind changed, not any entry', () => {
    expect(build(feedOf('en', 'api')).updated).toBe('2026-12-02T03:01:25Z');
    expect(build(feedOf('en', 'docs')).updated).toBe('2026-11-28T01:06:12Z');
    expect(build(feedOf('de', 'catalog')).updated).toBe('2026-12-02T09:30:00Z');
  });

  it('without entries is updated at the epoch, still a valid feed', () => {
    const empty = parse(feedOf('en', 'api'), []);
    expect(empty.updated).toBe('1970-01-01T00:00:00Z');
    expect(empty.entries ?? []).toEqual([]);
  });
});

describe('buildAtomFeed: one feed per language and kind', () => {
  it('lists only the entries of its kind, newest first, each with its kind as category', () => {
    const api = parse(feedOf('en', 'api'));
    expect(api.entries?.map((e) => e.title?.value)).toEqual(['English newest-api', 'English first-api']);
    expect(api.entries?.map((e) => e.categories?.[0])).toEqual([
      expect.objectContaining({ term: 'api', label: 'API' }),
      expect.objectContaining({ term: 'api', label: 'API' }),
    ]);
    expect(parse(feedOf('en', 'catalog')).entries?.map((e) => e.title?.value)).toEqual(['English catalog-fix']);
    expect(parse(feedOf('en')).entries).toHaveLength(ENTRIES.length);
  });

  it('in German has German text, the German page as alternate and the German page’s anchors as entry ids', () => {
    const de = parse(feedOf('de', 'catalog'));
    expect(build(feedOf('de', 'catalog')).xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">');
    const [only] = de.entries ?? [];
    expect(only?.title?.value).toBe('Deutsch catalog-fix');
    expect(only?.content?.value).toBe(
      '<p>Was sich in catalog-fix geändert hat, mit <code>Code</code>.</p><p><strong>Was zu tun ist:</strong> Nichts.</p>',
    );
    expect(only?.categories?.[0]).toMatchObject({ term: 'catalog', label: 'Katalogdaten' });
    expect(only?.id).toBe(`${BASE}/de/changelog#catalog-fix`);
    expect(only?.links?.[0]?.href).toBe(`${BASE}/de/changelog#catalog-fix`);
    expect(de.links).toEqual(
      expect.arrayContaining([expect.objectContaining({ rel: 'alternate', href: `${BASE}/de/changelog` })]),
    );
  });

  it('gives every feed an id and a self link of its own; an entry keeps its id in both feeds of its language', () => {
    const feeds = CHANGELOG_FEEDS.map((feed) => ({ feed, parsed: parse(feed) }));
    expect(new Set(feeds.map(({ parsed }) => parsed.id)).size).toBe(CHANGELOG_FEEDS.length);
    for (const { feed, parsed } of feeds) {
      expect(parsed.links?.find((link) => link.rel === 'self')?.href).toBe(`${BASE}${feed.path}`);
      // A language's feed of every entry is identified by its page, as the English one was first published.
      expect(parsed.id).toBe(
        feed.kind === undefined ? `${BASE}${feed.locale === 'de' ? '/de' : ''}/changelog` : `${BASE}${feed.path}`,
      );
    }
    const api = parse(feedOf('en', 'api')).entries?.[0]?.id;
    expect(parse(feedOf('en')).entries?.[0]?.id).toBe(api);
    expect(api).toBe(`${BASE}/changelog#newest-api`);
  });

  it('escapes text as the XML of HTML content: markup in an entry is shown, never run', () => {
    const [risky] =
      parse(feedOf('en'), [
        {
          ...entry('risky', 'docs', '2026-12-02T03:01:25Z'),
          en: { title: 'A <b> & "c"', change: 'Text with <script>x</script> in it.', action: 'Nothing.' },
        },
      ]).entries ?? [];
    expect(risky?.title?.value).toBe('A <b> & "c"');
    expect(risky?.content?.value).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
