import { parseAtomFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedUpdated } from '../../src/lib/changelog/build-atom-feed.ts';
import { CHANGELOG_ENTRIES } from '../../src/lib/changelog/changelog.ts';
import { entryUpdated } from '../../src/lib/changelog/changelog-schema.ts';
import { CHANGELOG_FEED_PATH } from '../../src/lib/content/page-registry.ts';
import { escapeHtml } from '../../src/lib/http/html-escape.ts';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * The changelog as clients meet it: its page in both languages and their Markdown twins, its place in `llms.txt`,
 * the sitemap and the sidebar, and its Atom feed read by a real feed parser and revalidated with its ETag.
 */
let site: TestSite;
let base: string;

beforeAll(async () => {
  site = await createTestSite();
  base = site.config.baseUrl;
}, 30_000);

const get = (url: string, accept = 'text/html') => site.request({ url, headers: { accept } });

describe('the changelog page', () => {
  it.each([
    ['/changelog', 'en'],
    ['/de/changelog', 'de'],
  ] as const)(
    '%s lists every entry newest first, each anchored, links the feed in its head and the sidebar',
    async (path, locale) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const ids = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids).toEqual(expect.arrayContaining(CHANGELOG_ENTRIES.map((entry) => entry.id)));
      const positions = CHANGELOG_ENTRIES.map((entry) => html.indexOf(`<h2 id="${entry.id}"`));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(html).toContain(CHANGELOG_ENTRIES[0]![locale].title);
      expect(html).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml"[^>]* href="${base}${CHANGELOG_FEED_PATH}"`),
      );
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
    expect(response.body).toContain(`(${base}${CHANGELOG_FEED_PATH})`);
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

describe(`the Atom feed ${CHANGELOG_FEED_PATH}`, () => {
  it('parses as Atom with the feed and entry elements RFC 4287 requires, linking each entry to its anchor', async () => {
    const response = await get(CHANGELOG_FEED_PATH, '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtomFeed(response.body);
    expect(feed.id).toBe(`${base}/changelog`);
    expect(feed.title?.value).toMatch(/^Changelog · /);
    expect(feed.updated).toBe(feedUpdated(CHANGELOG_ENTRIES));
    expect(feed.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: `${base}${CHANGELOG_FEED_PATH}` }),
        expect.objectContaining({ rel: 'alternate', href: `${base}/changelog` }),
      ]),
    );
    expect(feed.authors?.[0]?.name).toBeTruthy();
    expect(feed.entries?.map((entry) => entry.id)).toEqual(CHANGELOG_ENTRIES.map((e) => `${base}/changelog#${e.id}`));
    for (const [index, entry] of (feed.entries ?? []).entries()) {
      const source = CHANGELOG_ENTRIES[index]!;
      expect(entry.title?.value).toBe(source.en.title);
      expect(entry.published).toBe(source.date);
      expect(entry.updated).toBe(entryUpdated(source));
      expect(entry.links?.[0]?.href).toBe(`${base}/changelog#${source.id}`);
      // `type="html"`: the parser gives the HTML, in which the entry's text is escaped once.
      expect(entry.content?.type).toBe('html');
      expect(entry.content?.value).toContain(`<p>${escapeHtml(source.en.change.split('`')[0]!)}`);
    }
  });

  it('sends Last-Modified, its newest entry’s latest change, and answers If-Modified-Since with 304', async () => {
    const first = await get(CHANGELOG_FEED_PATH, '*/*');
    const lastModified = String(first.headers['last-modified']);
    expect(Date.parse(lastModified)).toBe(Date.parse(feedUpdated(CHANGELOG_ENTRIES)));
    expect(lastModified).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const again = await site.request({
      url: CHANGELOG_FEED_PATH,
      headers: { accept: '*/*', 'if-modified-since': lastModified },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.body).toBe('');
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const changed = await site.request({
      url: CHANGELOG_FEED_PATH,
      headers: { accept: '*/*', 'if-modified-since': earlier },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('revalidates with If-None-Match: 304 with the same ETag and no body', async () => {
    const first = await get(CHANGELOG_FEED_PATH, '*/*');
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"/);
    const again = await site.request({
      url: CHANGELOG_FEED_PATH,
      headers: { accept: '*/*', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['etag']).toBe(etag);
    expect(again.body).toBe('');
  });
});
