import { describe, expect, it } from 'vitest';
import {
  CHANGELOG_FEEDS,
  changelogFeedAt,
  changelogFeedTitle,
  pageFeeds,
} from '../../../../src/lib/content/changelog-feeds.ts';

describe('the changelog’s feeds', () => {
  it('are at stable URLs: every entry and each kind, in English and under the German prefix', () => {
    expect(CHANGELOG_FEEDS.map(({ locale, kind, path }) => [locale, kind, path])).toEqual([
      ['en', undefined, '/changelog.xml'],
      ['en', 'api', '/changelog/api.xml'],
      ['en', 'catalog', '/changelog/catalog.xml'],
      ['en', 'docs', '/changelog/docs.xml'],
      ['de', undefined, '/de/changelog.xml'],
      ['de', 'api', '/de/changelog/api.xml'],
      ['de', 'catalog', '/de/changelog/catalog.xml'],
      ['de', 'docs', '/de/changelog/docs.xml'],
    ]);
  });

  it('are found by their path only', () => {
    expect(changelogFeedAt('/de/changelog/docs.xml')).toEqual({
      locale: 'de',
      kind: 'docs',
      path: '/de/changelog/docs.xml',
    });
    for (const path of ['/en/changelog.xml', '/changelog/security.xml', '/changelog', '/de/changelog.xml/'])
      expect(changelogFeedAt(path), path).toBeUndefined();
  });

  it('are named on the changelog page of their language only, every entry’s first', () => {
    expect(pageFeeds('de', 'changelog').map((feed) => feed.path)).toEqual([
      '/de/changelog.xml',
      '/de/changelog/api.xml',
      '/de/changelog/catalog.xml',
      '/de/changelog/docs.xml',
    ]);
    expect(pageFeeds('en', 'developers')).toEqual([]);
  });

  it('are titled by the page, and a kind’s by its label too', () => {
    const labels = { api: 'API', catalog: 'Katalogdaten', docs: 'Leitfaden' };
    expect(changelogFeedTitle('Änderungsprotokoll', labels)).toBe('Änderungsprotokoll');
    expect(changelogFeedTitle('Änderungsprotokoll', labels, 'catalog')).toBe('Änderungsprotokoll: Katalogdaten');
  });
});
