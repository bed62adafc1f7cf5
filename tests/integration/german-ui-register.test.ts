import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPages, exhaustQuota, sitemapPages, type SitePage } from '../helpers/site-pages.ts';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';
import { informalWords, uiTextOf } from '../helpers/german-register.ts';

/**
 * The site addresses German readers as "Sie"; Starlight's own German interface strings say
 * "du" (src/content/i18n/de.json overrides them). Every German page a browser can get, the
 * 404 and 429 pages included, is read as a reader meets its interface: the text around the
 * page content (header, sidebar, "On this page", search, footer) and the labels, tooltips
 * and search strings in its attributes.
 */
let server: RunningServer;
let clients = 0;
/** A fresh client address per request: the test reads more pages than one client's quota. */
const freshClient = () => fetchAs(`10.78.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`);

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await server?.stop();
});

async function htmlOf(page: SitePage): Promise<string> {
  const get = freshClient();
  if (page.status === 429) await exhaustQuota((path) => get(`${server.url}${path}`).then((r) => r.arrayBuffer()));
  const response = await get(`${server.url}${page.path}`, { headers: { Accept: 'text/html' } });
  expect(response.status, page.path).toBe(page.status);
  return response.text();
}

describe('German interface in the formal register', () => {
  it('says no "du", "dich", "dir" or "dein", and no English code-block label, in the interface of a German page', async () => {
    const sitemap = await (await freshClient()(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemapPages(sitemap), ...errorPages()].filter((page) => page.locale === 'de');
    expect(pages.filter((page) => page.status === 200).length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const page of pages) {
      const ui = uiTextOf(await htmlOf(page));
      // The interface is there to be read: an empty extraction would pass vacuously.
      expect(ui, page.path).toContain('Suchen');
      for (const text of ui) for (const word of informalWords(text)) found.push(`${page.path}: "${word}" in "${text}"`);
      // Code blocks label their copy button in the page's language, not in English.
      for (const text of ui.filter((t) => /^(Copy to clipboard|Copied!)$/.test(t)))
        found.push(`${page.path}: "${text}"`);
    }
    expect(found).toEqual([]);
  }, 120_000);
});
