import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseChangelog } from '../../../../src/lib/changelog/changelog-schema.ts';

/** A valid entry, for tests to spoil one field at a time. */
const entry = (overrides: Record<string, unknown> = {}) => ({
  id: 'catalog-endpoint',
  date: '2026-11-22T03:14:22Z',
  kind: 'api',
  en: { title: 'The catalog endpoint', change: 'The catalog is served at its path.', action: 'Nothing.' },
  de: { title: 'Der Katalog-Endpunkt', change: 'Der Katalog wird unter seinem Pfad geliefert.', action: 'Nichts.' },
  ...overrides,
});

describe('the changelog schema', () => {
  it('accepts the project’s own changelog, newest first, every entry with the instant its change landed', () => {
    const entries = parseChangelog(readFileSync('content/changelog.yaml', 'utf8'));
    expect(entries.length).toBeGreaterThan(0);
    const dates = entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Real times, not a day's midnight for every entry.
    expect(new Set(dates.map((date) => date.slice(11))).size).toBeGreaterThan(1);
  });

  it('sorts newest first by the instant, and keeps the file order for entries of one instant', () => {
    const entries = parseChangelog(
      stringify([
        entry({ id: 'a' }),
        entry({ id: 'b', date: '2026-11-22T03:40:33Z' }),
        entry({ id: 'c' }),
        entry({ id: 'd', date: '2026-11-22T03:08:34Z' }),
      ]),
    );
    expect(entries.map((e) => e.id)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('accepts a later correction as updated', () => {
    expect(parseChangelog(stringify([entry({ updated: '2026-11-23T10:00:00Z' })]))[0]!.updated).toBe(
      '2026-11-23T10:00:00Z',
    );
  });

  it.each([
    ['an unknown kind', { kind: 'security' }, 'kind'],
    ['a date that is no day', { date: '2026-13-01T00:00:00Z' }, 'date'],
    ['a day without its time', { date: '2026-11-22' }, 'date'],
    ['a time with an offset instead of UTC', { date: '2026-11-22T04:14:22+01:00' }, 'date'],
    ['a time with fractions of a second', { date: '2026-11-22T03:14:22.5Z' }, 'date'],
    ['an updated that is no instant', { updated: '2026-11-23' }, 'updated'],
    ['an id that is no anchor', { id: 'Not An Anchor' }, 'id'],
    ['an empty action', { en: { ...entry().en, action: '' } }, 'en.action'],
    ['an unknown field', { severity: 'high' }, 'severity'],
  ])('refuses %s, naming the field', (_name, overrides, field) => {
    expect(() => parseChangelog(stringify([entry(overrides)]))).toThrow(
      new RegExp(`content/changelog\\.yaml is invalid:[\\s\\S]*${field.replace('.', '\\.')}`),
    );
  });

  it.each([
    ['de', { de: undefined }],
    ['en', { en: undefined }],
  ])(
    'fails the build on an entry without its %s text, naming the locale, the file and the entry',
    (locale, overrides) => {
      expect(() => parseChangelog(stringify([entry(overrides)]))).toThrow(
        `Missing translation for locale "${locale}": content/changelog.yaml has no "catalog-endpoint.${locale}"`,
      );
    },
  );

  it('takes its languages from the configured list: a third one is required once it is listed', () => {
    const fr = { title: 'Le point d’accès', change: 'Le catalogue est servi à son chemin.', action: 'Rien.' };
    expect(() => parseChangelog(stringify([entry()]), 'content/changelog.yaml', ['en', 'de', 'fr'])).toThrow(
      'Missing translation for locale "fr": content/changelog.yaml has no "catalog-endpoint.fr"',
    );
    const [parsed] = parseChangelog(stringify([entry({ fr })]), 'content/changelog.yaml', ['en', 'de', 'fr']);
    expect((parsed as unknown as Record<string, { title: string }>)['fr']!.title).toBe('Le point d’accès');
  });

  it('refuses an id used twice, since anchors and feed ids must be unique', () => {
    expect(() => parseChangelog(stringify([entry(), entry({ date: '2026-11-23T00:00:00Z' })]))).toThrow(
      /catalog-endpoint twice/,
    );
  });

  it('refuses a correction dated before the entry itself, naming the field', () => {
    expect(() => parseChangelog(stringify([entry({ updated: '2026-11-22T03:14:21Z' })]))).toThrow(
      /catalog-endpoint updated before its date[\s\S]*updated|updated[\s\S]*catalog-endpoint updated before its date/,
    );
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
      expect(lastUpdated! >= newest!.date.slice(0, 10)).toBe(true);
    },
  );
});
