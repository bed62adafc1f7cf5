import { fileURLToPath } from 'node:url';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPages, exhaustQuota, sitemapPages, type SitePage } from '../helpers/site-pages.ts';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * Issue 15, item 8: html-validate's `recommended` rules hold on the HTML of every page the
 * site serves to a browser (each exception is argued in `.htmlvalidate.mjs`). The pages come
 * from `/sitemap.xml`, plus the 404 and 429 pages in each locale, so a page added (or a
 * renderer changed) is checked without touching this test.
 */
let server: RunningServer;
let clients = 0;
/** A fresh client address per request: the test reads more pages than one client's quota. */
const freshClient = () => fetchAs(`10.77.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`);
const HTML = { Accept: 'text/html' };
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
  const response = await get(`${server.url}${page.path}`, { headers: HTML });
  expect(response.status, page.path).toBe(page.status);
  expect(response.headers.get('content-type'), page.path).toMatch(/^text\/html/);
  return response.text();
}

describe('html-validate (recommended) on every page', () => {
  it('finds nothing on any sitemap page or error page, en and de', async () => {
    const sitemap = await (await freshClient()(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemapPages(sitemap), ...errorPages()];
    // Both locales and the error pages are there: an empty or English-only sitemap is a failure too.
    expect(pages.filter((page) => page.locale === 'de' && page.status === 200).length).toBeGreaterThan(5);
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const problems: string[] = [];
    for (const page of pages) {
      const report = await validator.validateString(await htmlOf(page), `${ROOT}${page.name}.html`);
      for (const message of report.results.flatMap((result) => result.messages)) {
        problems.push(`${page.path} ${message.ruleId} (${message.selector ?? '?'}): ${message.message}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
