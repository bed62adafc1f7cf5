import { fileURLToPath } from 'node:url';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { informalWords, uiTextOf } from '../helpers/german-register.ts';
import { errorPages, exhaustQuota, samplePaths, sitemapPages, type SitePage } from '../helpers/site-pages.ts';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * One sweep over every page the site serves to a browser, each fetched once (issue 27). Pages
 * come from `/sitemap.xml` plus the 404 and 429 pages in each locale, so a page added (or a
 * renderer changed) is checked without touching this test.
 *
 * - Every page: its status, HTML, and one `<h1>`.
 * - Every page but those made in bulk from one template (of the marker pages, the first, middle
 *   and last are kept): html-validate's `recommended` rules (issue 15, item 8; each exception is
 *   argued in `.htmlvalidate.mjs`).
 * - Every German page: its interface in the formal register. Starlight's own German strings say
 *   "du" (src/content/i18n/de.json overrides them), so the text around the content (header,
 *   sidebar, "On this page", search, footer) and the labels, tooltips and search strings in its
 *   attributes must say no "du", "dich", "dir" or "dein", and code blocks no English label.
 */
let server: RunningServer;
let clients = 0;
/** A fresh client address per request: the sweep reads more pages than one client's quota. */
const freshClient = () => fetchAs(`10.77.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`);
/** Where html-validate looks up its configuration, as its CLI would: `.htmlvalidate.mjs`. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await server?.stop();
});

/** The HTML a browser gets for `page`, checked for the status it should have. */
async function htmlOf(page: SitePage): Promise<string> {
  const get = freshClient();
  if (page.status === 429) await exhaustQuota((path) => get(`${server.url}${path}`).then((r) => r.arrayBuffer()));
  const response = await get(`${server.url}${page.path}`, { headers: { Accept: 'text/html' } });
  expect(response.status, page.path).toBe(page.status);
  expect(response.headers.get('content-type'), page.path).toMatch(/^text\/html/);
  return response.text();
}

describe('every page a browser can get', () => {
  it('is valid HTML (html-validate, recommended) and, in German, says "Sie" throughout its interface', async () => {
    const sitemap = await (await freshClient()(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemapPages(sitemap), ...errorPages()];
    // Both locales and the error pages are there: an empty or English-only sitemap is a failure too.
    expect(pages.filter((page) => page.locale === 'de' && page.status === 200).length).toBeGreaterThan(5);
    const validated = new Set(
      samplePaths(
        pages.map((page) => page.path),
        8,
        3,
      ),
    );
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const problems: string[] = [];
    const informal: string[] = [];
    for (const page of pages) {
      const html = await htmlOf(page);
      expect(html.match(/<h1[\s>]/g), `${page.path}: one h1`).toHaveLength(1);
      if (validated.has(page.path)) {
        const report = await validator.validateString(html, `${ROOT}${page.name}.html`);
        for (const message of report.results.flatMap((result) => result.messages)) {
          problems.push(`${page.path} ${message.ruleId} (${message.selector ?? '?'}): ${message.message}`);
        }
      }
      if (page.locale !== 'de') continue;
      const ui = uiTextOf(html);
      // The interface is there to be read: an empty extraction would pass vacuously.
      expect(ui, page.path).toContain('Suchen');
      for (const text of ui)
        for (const word of informalWords(text)) informal.push(`${page.path}: "${word}" in "${text}"`);
      // Code blocks label their copy button in the page's language, not in English.
      for (const text of ui.filter((t) => /^(Copy to clipboard|Copied!)$/.test(t)))
        informal.push(`${page.path}: "${text}"`);
    }
    expect(validated.size).toBeGreaterThan(20);
    expect(problems).toEqual([]);
    expect(informal).toEqual([]);
  }, 120_000);
});
