import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ChangelogEntrySchema, parseChangelog } from '../../../../src/lib/changelog/changelog-schema.ts';

/** A valid entry, for tests to spoil one field at a time. */
const entry = (overrides: Record<string, unknown> = {}) => ({
  id: 'catalog-endpoint',
  date: '2026-11-22',
  kind: 'api',
  en: { title: 'The catalog endpoint', change: 'The catalog is served at its path.', action: 'Nothing.' },
  de: { title: 'Der Katalog-Endpunkt', change: 'Der Katalog wird unter seinem Pfad geliefert.', action: 'Nichts.' },
  ...overrides,
});

describe('the changelog schema', () => {
  it('accepts the project’s own changelog, newest first', () => {
    const entries = parseChangelog(readFileSync('content/changelog.yaml', 'utf8'));
    expect(entries.length).toBeGreaterThan(0);
    const dates = entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('sorts newest first and keeps the file order within a day', () => {
    const entries = parseChangelog(
      stringify([entry({ id: 'a' }), entry({ id: 'b', date: '2026-11-27' }), entry({ id: 'c' })]),
    );
    expect(entries.map((e) => e.id)).toEqual(['b', 'a', 'c']);
  });

  it.each([
    ['an unknown kind', { kind: 'security' }, 'kind'],
    ['a date that is no day', { date: '2026-13-01' }, 'date'],
    ['an id that is no anchor', { id: 'Not An Anchor' }, 'id'],
    ['a missing German text', { de: undefined }, 'de'],
    ['an empty action', { en: { ...entry().en, action: '' } }, 'en.action'],
    ['an unknown field', { severity: 'high' }, 'severity'],
  ])('refuses %s, naming the field', (_name, overrides, field) => {
    expect(ChangelogEntrySchema.safeParse(entry(overrides)).success).toBe(false);
    expect(() => parseChangelog(stringify([entry(overrides)]))).toThrow(
      new RegExp(`content/changelog\\.yaml is invalid:[\\s\\S]*${field.replace('.', '\\.')}`),
    );
  });

  it('refuses an id used twice, since anchors and feed ids must be unique', () => {
    expect(() => parseChangelog(stringify([entry(), entry({ date: '2026-11-23' })]))).toThrow(/catalog-endpoint twice/);
  });

  it('refuses text that is not YAML, naming the file', () => {
    expect(() => parseChangelog('- id: [unclosed')).toThrow(/content\/changelog\.yaml is not valid YAML/);
  });
});

describe('the changelog page', () => {
  it.each(['en', 'de'])(
    'in %s is dated no earlier than its newest entry, so the sitemap’s lastmod follows it',
    (locale) => {
      const [newest] = parseChangelog(readFileSync('content/changelog.yaml', 'utf8'));
      const mdx = readFileSync(`content/pages/${locale}/changelog.mdx`, 'utf8');
      const lastUpdated = /^lastUpdated: (\d{4}-\d{2}-\d{2})$/m.exec(mdx)?.[1];
      expect(lastUpdated! >= newest!.date).toBe(true);
    },
  );
});
