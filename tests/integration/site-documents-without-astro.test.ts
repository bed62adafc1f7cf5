import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/lib/content/locales.ts';
import { contentId } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../../src/lib/content/page-registry.ts';
import { parseSitePageIndex } from '../../src/lib/site-pages/site-page-index.ts';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  // The compiled server, as `npm start` runs it, but rendering nothing before it is asked (`PREPARE_PAGES=on-demand`,
  // as every test's server unless it says otherwise).
  server = await startServer({ TRUST_PROXY: '1' }, 'dist/node/main.mjs');
});
afterAll(async () => {
  await server.stop();
});

let n = 0;
/** Each request from its own address, so the rate limit never interferes. */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetchAs(`198.51.100.${++n % 250}`)(server.url + path, { headers });

/** Whether the process logged that it loaded the Astro bundle. */
const rendererLoaded = () => server.output.join('').includes('"event":"renderer_loaded"');

describe('the build writes the page index llms.txt and the sitemap are built from', () => {
  it('holds every registered page and every item template in every locale, with its frontmatter', () => {
    const index = parseSitePageIndex(
      readFileSync(new URL('../../dist/prepared/site-pages.json', import.meta.url), 'utf8'),
    );
    const slugs = [...GUIDE_PAGES.map((page) => page.slug), ...ITEM_PAGE_FAMILIES.map((family) => family.template)];
    expect(Object.keys(index).sort()).toEqual(slugs.flatMap((slug) => LOCALES.map((l) => contentId(l, slug))).sort());
    for (const frontmatter of Object.values(index)) {
      expect(frontmatter.title.length).toBeGreaterThan(0);
      expect(frontmatter.lastUpdated).toBeInstanceOf(Date);
    }
  });
});

describe('llms.txt and the sitemap follow the catalog without loading Astro', () => {
  it('serves both with a page per catalog marker, and the Astro bundle stays unloaded', async () => {
    const llms = await get('/llms.txt', { 'Accept-Encoding': 'br' });
    expect(llms.status).toBe(200);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await llms.text();
    expect(text).toMatch(/^## Biomarkers$/m);
    expect(text).toContain(`${server.url}/biomarkers/hba1c.md`);
    expect(text).toContain(`${server.url}/de/biomarkers/hba1c.md`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain(`<loc>${server.url}/de/biomarkers/hba1c</loc>`);
    // Revalidation works as for every prepared representation (the same coding asked for as the copy has).
    const again = await get('/llms.txt', { 'Accept-Encoding': 'br', 'If-None-Match': llms.headers.get('etag')! });
    expect(again.status).toBe(304);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rendererLoaded()).toBe(false);
  });

  it('logs renderer_loaded once a data-driven page does need Astro (so the check above can fail)', async () => {
    const page = await get('/biomarkers');
    expect(page.status).toBe(200);
    await expect.poll(rendererLoaded).toBe(true);
  });
});
