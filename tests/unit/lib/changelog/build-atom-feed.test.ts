import { parseAtomFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { buildAtomFeed, feedUpdated } from '../../../../src/lib/changelog/build-atom-feed.ts';
import type { ChangelogEntry } from '../../../../src/lib/changelog/changelog-schema.ts';

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

const feed = (entries: readonly ChangelogEntry[] = ENTRIES) =>
  parseAtomFeed(
    buildAtomFeed({
      entries,
      baseUrl: BASE,
      title: 'Changelog · Biomarker Catalog',
      subtitle: 'What changed.',
      author: 'Biomarker Catalog',
      actionLabel: 'What to do:',
    }),
  );

describe('buildAtomFeed: timestamps', () => {
  it('gives each entry the instant its change landed as published, and its last correction as updated', () => {
    const entries = feed().entries ?? [];
    expect(entries.map((e) => [e.published, e.updated])).toEqual([
      ['2026-12-02T03:01:25Z', '2026-12-02T03:01:25Z'],
      ['2026-11-28T01:06:12Z', '2026-11-28T01:06:12Z'],
      ['2026-11-23T15:36:21Z', '2026-12-02T09:30:00Z'],
      ['2026-11-22T03:08:34Z', '2026-11-22T03:08:34Z'],
    ]);
  });

  it('is updated when its latest entry last changed, a correction included', () => {
    expect(feed().updated).toBe('2026-12-02T09:30:00Z');
    expect(feedUpdated(ENTRIES)).toBe('2026-12-02T09:30:00Z');
    expect(feed(ENTRIES.slice(0, 2)).updated).toBe('2026-12-02T03:01:25Z');
  });

  it('without entries is updated at the epoch, still a valid feed', () => {
    const empty = feed([]);
    expect(empty.updated).toBe('1970-01-01T00:00:00Z');
    expect(empty.entries ?? []).toEqual([]);
  });
});
