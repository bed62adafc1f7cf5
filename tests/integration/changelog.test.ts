import { parseAtomFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGELOG_ENTRIES } from '../../src/lib/changelog/changelog.ts';
import { entryUpdated, type ChangelogEntry } from '../../src/lib/changelog/changelog-schema.ts';
import { CHANGELOG_FEEDS, type ChangelogFeed } from '../../src/lib/content/changelog-feeds.ts';
import { escapeHtml } from '../../src/lib/http/html-escape.ts';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * The changelog as clients meet it: its page in both languages and their Markdown twins, its place in `llms.txt`,
 * the sitemap and the sidebar, and its Atom feeds, every entry's and each kind's in each language, read by a real
 * feed parser and revalidated with their ETag and their Last-Modified.
 */
let site: TestSite;
let base: string;

beforeAll(async () => {
  site = await createTestSite();
  base = site.config.baseUrl;
}, 30_000);

const get = (url: string, accept = 'text/html', headers: Record<string, string> = {}) =>
  site.request({ url, headers: { accept, ...headers } });

/** The page's title and each kind's name, as a reader of each language sees them. */
const PAGE_TITLES = { en: 'Changelog', de: 'Änderungsprotokoll' };
const KIND_LABELS = {
  en: { api: 'API', catalog: 'Catalog data', docs: 'Guide' },
  de: { api: 'API', catalog: 'Katalogdaten', docs: 'Leitfaden' },
};

/** A feed's name: the page's title, and a kind's label for a kind's feed. */
const feedName = ({ locale, kind }: ChangelogFeed) =>
  kind === undefined ? PAGE_TITLES[locale] : `${PAGE_TITLES[locale]}: ${KIND_LABELS[locale][kind]}`;

/** The page a feed belongs to, absolute. */
const pageUrl = ({ locale }: ChangelogFeed) => `${base}${locale === 'de' ? '/de' : ''}/changelog`;

/** The entries a feed lists: every entry, or its kind's, newest first. */
const listed = ({ kind }: ChangelogFeed): ChangelogEntry[] =>
  CHANGELOG_ENTRIES.filter((entry) => kind === undefined || entry.kind === kind);

/** The latest instant among `entries`' last changes. */
const latest = (entries: readonly ChangelogEntry[]) => entries.map(entryUpdated).sort().at(-1)!;

describe('the changelog page', () => {
  it.each([
    ['/changelog', 'en'],
    ['/de/changelog', 'de'],
  ] as const)(
    '%s lists every entry newest first, each anchored, names and links its language’s feeds, links the sidebar',
    async (path, locale) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const ids = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids).toEqual(expect.arrayContaining(CHANGELOG_ENTRIES.map((entry) => entry.id)));
      const positions = CHANGELOG_ENTRIES.map((entry) => html.indexOf(`<h2 id="${entry.id}"`));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(html).toContain(CHANGELOG_ENTRIES[0]![locale].title);
      const feeds = CHANGELOG_FEEDS.filter((feed) => feed.locale === locale);
      const advertised = [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml"([^>]*)>/g)].map(
        ([, attributes]) => [/title="([^"]*)"/.exec(attributes!)?.[1], /href="([^"]*)"/.exec(attributes!)?.[1]],
      );
      expect(advertised).toEqual(feeds.map((feed) => [feedName(feed), `${base}${feed.path}`]));
      for (const feed of feeds) {
        expect(html).toMatch(new RegExp(`<a href="${feed.path}" type="application/atom\\+xml"`));
      }
      expect(html).toMatch(new RegExp(`<a href="${path}"[^>]*aria-current="page"`));
    },
  );

  it.each([
    ['/changelog.md', 'text/html'],
    ['/de/changelog', 'text/markdown'],
  ])('%s as Markdown has a heading per entry', async (path, accept) => {
    const response = await get(path, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const locale = path.startsWith('/de') ? 'de' : 'en';
    for (const entry of CHANGELOG_ENTRIES) expect(response.body).toContain(`## ${entry[locale].title}\n`);
    for (const feed of CHANGELOG_FEEDS.filter((each) => each.locale === locale)) {
      expect(response.body).toContain(`(${base}${feed.path})`);
    }
  });

  it('is listed in llms.txt and the sitemap in both languages', async () => {
    const llms = (await get('/llms.txt', '*/*')).body;
    expect(llms).toContain(`(${base}/changelog.md)`);
    expect(llms).toContain(`(${base}/de/changelog.md)`);
    const sitemap = (await get('/sitemap.xml', '*/*')).body;
    expect(sitemap).toContain(`<loc>${base}/changelog</loc>`);
    expect(sitemap).toContain(`<loc>${base}/de/changelog</loc>`);
  });
});

describe.each(CHANGELOG_FEEDS.map((feed) => ({ ...feed, name: feedName(feed) })))(
  'the Atom feed $path ($name)',
  (feed) => {
    it('parses as Atom with what RFC 4287 requires: its own id and self link, its page as alternate', async () => {
      const response = await get(feed.path, '*/*');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(response.body).toContain(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${feed.locale}">`);
      const parsed = parseAtomFeed(response.body);
      expect(parsed.id).toBe(feed.kind === undefined ? pageUrl(feed) : `${base}${feed.path}`);
      expect(parsed.title?.value).toMatch(new RegExp(`^${feedName(feed)} · \\S`));
      expect(parsed.updated).toBe(latest(listed(feed)));
      expect(parsed.links).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ rel: 'self', type: 'application/atom+xml', href: `${base}${feed.path}` }),
          expect.objectContaining({ rel: 'alternate', type: 'text/html', href: pageUrl(feed) }),
        ]),
      );
      expect(parsed.authors?.[0]?.name).toBeTruthy();
    });

    it('lists its entries newest first in its language, each at its anchor, published when it landed', async () => {
      const entries = parseAtomFeed((await get(feed.path, '*/*')).body).entries ?? [];
      const sources = listed(feed);
      expect(sources.length).toBeGreaterThan(0);
      expect(entries.map((entry) => entry.id)).toEqual(sources.map((source) => `${pageUrl(feed)}#${source.id}`));
      for (const [index, entry] of entries.entries()) {
        const source = sources[index]!;
        expect(entry.title?.value).toBe(source[feed.locale].title);
        expect(entry.published).toBe(source.date);
        expect(entry.updated).toBe(entryUpdated(source));
        expect(entry.links?.[0]?.href).toBe(`${pageUrl(feed)}#${source.id}`);
        expect(entry.categories?.[0]).toMatchObject({
          term: source.kind,
          label: KIND_LABELS[feed.locale][source.kind],
        });
        // `type="html"`: the parser gives the HTML, in which the entry's text is escaped once.
        expect(entry.content?.type).toBe('html');
        expect(entry.content?.value).toContain(`<p>${escapeHtml(source[feed.locale].change.split('`')[0]!)}`);
      }
    });

    it('sends Last-Modified, its newest entry’s latest change, and answers If-Modified-Since with 304', async () => {
      const first = await get(feed.path, '*/*');
      const lastModified = String(first.headers['last-modified']);
      expect(lastModified).toBe(new Date(latest(listed(feed))).toUTCString());
      const again = await get(feed.path, '*/*', { 'if-modified-since': lastModified });
      expect(again.statusCode).toBe(304);
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(again.headers['ratelimit-remaining']).toMatch(/^\d+$/);
      expect(again.body).toBe('');
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      const changed = await get(feed.path, '*/*', { 'if-modified-since': earlier });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    });

    it('revalidates with If-None-Match: 304 with the same ETag and no body, whatever the date says', async () => {
      const first = await get(feed.path, '*/*');
      const etag = String(first.headers['etag']);
      expect(etag).toMatch(/^"/);
      const again = await get(feed.path, '*/*', {
        'if-none-match': etag,
        'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT',
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['etag']).toBe(etag);
      expect(again.body).toBe('');
    });
  },
);

describe('the changelog’s feeds', () => {
  it('are one per language and kind, each with its own bytes', async () => {
    const bodies = await Promise.all(CHANGELOG_FEEDS.map(async (feed) => (await get(feed.path, '*/*')).body));
    expect(new Set(bodies).size).toBe(CHANGELOG_FEEDS.length);
  });

  it.each(['/en/changelog.xml', '/changelog/security.xml', '/de/changelog/api.xml/'])(
    '%s, which names no feed, is no feed',
    async (path) => {
      const response = await get(path, '*/*');
      expect(response.statusCode).not.toBe(200);
      expect(String(response.headers['content-type'])).not.toContain('atom');
    },
  );
});
