import { fileURLToPath } from 'node:url';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { informalWords, uiTextOf } from '../helpers/german-register.ts';
import { pageHeadingOf, textOf } from '../helpers/inline-csp.ts';
import { twinLinkProblems } from '../helpers/markdown-twins.ts';
import { errorPages, QUOTA, samplePaths, sitemapPages, type SitePage } from '../helpers/site-pages.ts';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * One sweep over every page the site serves, each fetched once as HTML and once as its
 * Markdown twin, in this process. Pages come from `/sitemap.xml` plus the 404 and
 * 429 pages in each locale, so a page added (or a renderer changed) is checked without
 * touching this test.
 *
 * - Every page: its status, HTML, one `<h1>`, and its `.md` twin, whose title is that heading.
 * - Every same-site link of every page, and of `/llms.txt`, resolves; a twin links the twins
 *   of the site's pages (with their pages' anchors), never their HTML.
 * - Every page but those made in bulk from one template (of the marker pages, the first,
 *   middle and last are kept): html-validate's `recommended` rules (each exception is argued
 *   in `.htmlvalidate.mjs`).
 * - Every German page: its interface in the formal register. Starlight's own German strings
 *   say "du" (src/content/i18n/de.json overrides them), so the text around the content
 *   (header, sidebar, "On this page", search, footer) and the labels, tooltips and search
 *   strings in its attributes must say no "du", "dich", "dir" or "dein", and code blocks no
 *   English label.
 */
let site: TestSite;
let pages: SitePage[];
/** The HTML of every page. */
const html = new Map<SitePage, string>();
/** The Markdown twin of every page that answers 200, by the twin's path. */
const twins = new Map<string, string>();
/** Every path the sweep has seen answer 200 (pages, twins, links). */
const resolved = new Set<string>();
/** Where html-validate looks up its configuration, as its CLI would: `.htmlvalidate.mjs`. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

beforeAll(async () => {
  site = await createTestSite();
  const sitemap = await site.request('/sitemap.xml');
  pages = [...sitemapPages(sitemap.body), ...errorPages()];
}, 30_000);

let clients = 0;

/** Checks each of `group` as HTML (status, one `<h1>`) and its `.md` twin (titled with that heading). */
async function sweep(group: SitePage[]): Promise<string[]> {
  const failures: string[] = [];
  for (const page of group) {
    // A client of its own per page; for a 429 page, one that has spent its quota.
    clients += 1;
    const remoteAddress = `10.250.${clients % 250}.${1 + Math.floor(clients / 250)}`;
    if (page.status === 429)
      for (let i = 0; i < QUOTA; i += 1) await site.request({ url: '/robots.txt', remoteAddress });
    const reply = await site.request({ url: page.path, headers: { accept: 'text/html' }, remoteAddress });
    if (reply.statusCode !== page.status || !String(reply.headers['content-type']).startsWith('text/html')) {
      failures.push(`${reply.statusCode} ${reply.headers['content-type']} ${page.path}`);
      continue;
    }
    html.set(page, reply.body);
    const headings = reply.body.match(/<h1[\s>]/g) ?? [];
    if (headings.length !== 1) failures.push(`${headings.length} h1 on ${page.path}`);
    if (page.status !== 200) continue;
    resolved.add(page.path);
    const twinPath = `${page.path === '/' ? '/index' : page.path}.md`;
    const twin = await site.request(twinPath);
    twins.set(twinPath, twin.body);
    const title = textOf(pageHeadingOf(reply.body) ?? '').trim();
    if (twin.statusCode !== 200 || !twin.body.startsWith(`# ${title}\n`)) {
      failures.push(`${twin.statusCode} ${page.path}.md: ${twin.body.split('\n', 1)[0]} (h1 "${title}")`);
    }
  }
  return failures;
}

const isMarkerPage = (page: SitePage) => /^(\/de)?\/biomarkers\/./.test(page.path);

describe('every page a browser can get', () => {
  it('answers HTML with one h1, and its Markdown twin is titled with that heading: guide and error pages', async () => {
    // Both locales and the error pages are there: a thin sitemap fails too.
    expect(pages.filter((page) => page.locale === 'de' && page.status === 200).length).toBeGreaterThan(5);
    expect(pages.filter((page) => page.status !== 200).length).toBe(4);
    expect(await sweep(pages.filter((page) => !isMarkerPage(page)))).toEqual([]);
  });

  for (const locale of ['en', 'de']) {
    it(`answers HTML with one h1, and its Markdown twin is titled with that heading: marker pages in ${locale}`, async () => {
      const markers = pages.filter((page) => isMarkerPage(page) && page.locale === locale);
      expect(markers.length).toBe(90);
      expect(await sweep(markers)).toEqual([]);
    });
  }

  it('links only to what resolves, as does /llms.txt', async () => {
    expect(html.size).toBe(pages.length);
    const links = new Set<string>();
    for (const body of html.values()) {
      for (const [, href] of body.matchAll(/href="([^"#]*)(?:#[^"]*)?"/g)) {
        if (href!.startsWith('/') && !href!.startsWith('//')) links.add(href!);
        else if (href!.startsWith(site.config.baseUrl)) links.add(href!.slice(site.config.baseUrl.length) || '/');
      }
    }
    const llms = (await site.request('/llms.txt')).body;
    for (const [, url] of llms.matchAll(/\]\(([^)]+)\)/g)) links.add(new URL(url!).pathname);
    expect(links.size).toBeGreaterThan(pages.length);
    const failures: string[] = [];
    for (const link of links) {
      if (resolved.has(new URL(link, site.config.baseUrl).pathname)) continue;
      const reply = await site.request({ url: link, method: 'HEAD' });
      if (reply.statusCode !== 200) failures.push(`${reply.statusCode} ${link}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("links each Markdown twin to other twins, each fragment to an element of the twin's page", async () => {
    const pagesByPath = new Map(
      [...html].filter(([page]) => page.status === 200).map(([page, body]) => [page.path, body]),
    );
    expect(twins.size).toBe(pagesByPath.size);
    const { problems, other } = twinLinkProblems(twins, pagesByPath, site.config.baseUrl);
    // The guide's twin links the catalog's; the reference's twins link the guide's error sections.
    expect(twins.get('/developers/api/token.md')).toContain(`](${site.config.baseUrl}/developers.md#rate-limited)`);
    for (const path of other) {
      if (resolved.has(path)) continue;
      const reply = await site.request({ url: path, method: 'HEAD' });
      if (reply.statusCode !== 200) problems.push(`${reply.statusCode} ${path}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('is valid HTML (html-validate, recommended), a sample of each family of bulk pages included', async () => {
    const validated = samplePaths(
      pages.map((page) => page.path),
      8,
      3,
    );
    expect(validated.length).toBeGreaterThan(20);
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const problems: string[] = [];
    for (const page of pages.filter((each) => validated.includes(each.path))) {
      const report = await validator.validateString(html.get(page)!, `${ROOT}${page.name}.html`);
      for (const message of report.results.flatMap((result) => result.messages)) {
        problems.push(`${page.path} ${message.ruleId} (${message.selector ?? '?'}): ${message.message}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('says "Sie" throughout its German interface, with German code-block labels', () => {
    const informal: string[] = [];
    for (const page of pages.filter((each) => each.locale === 'de')) {
      const ui = uiTextOf(html.get(page)!);
      // The interface is there to be read: an empty extraction would pass vacuously.
      expect(ui, page.path).toContain('Suchen');
      for (const text of ui)
        for (const word of informalWords(text)) informal.push(`${page.path}: "${word}" in "${text}"`);
      // Code blocks label their copy button in the page's language, not in English.
      for (const text of ui.filter((t) => /^(Copy to clipboard|Copied!)$/.test(t)))
        informal.push(`${page.path}: "${text}"`);
    }
    expect(informal).toEqual([]);
  });
});
