import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

/** The catalog page per locale: rendered through Astro on demand, from its data, with the site's own configuration. */
const CATALOG_PAGE: Record<Locale, string> = { en: '/biomarkers', de: '/de/biomarkers' };

/**
 * Each site renders llms-full.txt (every page) on request: on a loaded machine its socket may sit idle past the 10 s
 * default while it does, so both allow a minute.
 */
const ENV = { SOCKET_TIMEOUT_MS: '60000' };

// Two sites in one process, each on its own port and so with its own BASE_URL (its address): each render gets its
// site's configuration with its services, so neither answers with the other's origin.
let first: InProcessServer;
let second: InProcessServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startInProcess(ENV), startInProcess(ENV)]);
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

/** The site started beside `site`. */
const other = (site: InProcessServer): InProcessServer => (site === first ? second : first);

describe('two sites configured differently in one process', () => {
  it('listen on different ports, so their BASE_URLs differ', () => {
    expect(first.url).not.toBe(second.url);
  });

  describe.each(LOCALES)('%s', (locale) => {
    it.each(['first', 'second'] as const)(
      'the %s names its own BASE_URL in the catalog page and its Markdown twin, never the other',
      async (which) => {
        const site = which === 'first' ? first : second;
        const path = CATALOG_PAGE[locale];
        const [html, markdown] = await Promise.all([fetch(site.url + path), fetch(`${site.url}${path}.md`)]);
        expect(html.status).toBe(200);
        expect(markdown.status).toBe(200);
        const page = await html.text();
        expect(page).toContain(`rel="canonical" href="${site.url}${path}"`);
        expect(page).not.toContain(other(site).url);
        const twin = await markdown.text();
        expect(twin).toContain(site.url);
        expect(twin).not.toContain(other(site).url);
      },
    );
  });

  it.each(['first', 'second'] as const)(
    "the %s's llms-full.txt links its own pages, never the other's",
    async (which) => {
      const site = which === 'first' ? first : second;
      const response = await fetch(`${site.url}/llms-full.txt`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(`${site.url}/biomarkers`);
      expect(text).not.toContain(other(site).url);
    },
    60_000,
  );
});
