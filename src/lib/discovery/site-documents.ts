import { SingleFlightCache } from '../cache/single-flight-cache.ts';
import { listPageSummaries } from '../content/guide-pages.ts';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { loadPageData, pageDataVersion } from '../content/page-data.ts';
import { pageMarkdown } from '../content/page-markdown.ts';
import { createRepresentation, type Representation } from '../http/representation.ts';
import { API_RESOURCES } from './api-resources.ts';
import { buildLlmsFullTxt } from './build-llms-full-txt.ts';
import { buildLlmsTxt } from './build-llms-txt.ts';
import { buildRobotsTxt } from './build-robots-txt.ts';
import { buildSitemap } from './build-sitemap.ts';
import { LLMS_NAME, LLMS_NOTES } from './llms-notes.ts';

/** URL path of the full-text companion of `llms.txt`. */
export const LLMS_FULL_PATH = '/llms-full.txt';

/** Built once per process: the inputs are the build's content and the configuration. */
const documents = new SingleFlightCache<Representation>();

/** `/llms.txt`, built from the page registry, the pages' frontmatter and the API list. */
export const getLlmsTxt = (baseUrl: string): Promise<Representation> =>
  documents.get('llms.txt', async () => {
    const pages = await listPageSummaries();
    const home = pages.find((page) => page.page.slug === '' && page.locale === DEFAULT_LOCALE);
    const text = buildLlmsTxt({
      baseUrl,
      name: LLMS_NAME,
      summary: home?.description ?? LLMS_NAME,
      notes: LLMS_NOTES,
      pages: pages.map((page) => ({ ...page, section: page.page.section })),
      api: API_RESOURCES,
      fullTextPath: LLMS_FULL_PATH,
    });
    return createRepresentation(text, 'text/plain; charset=utf-8');
  });

/**
 * `/llms-full.txt`: every default-locale page's Markdown twin, the data-driven ones as
 * their `.md` shows them now, so the file is built again whenever their data changes.
 */
export async function getLlmsFullTxt(baseUrl: string): Promise<Representation> {
  const pages = (await listPageSummaries()).filter((page) => page.locale === DEFAULT_LOCALE);
  const data = await Promise.all(pages.map((page) => loadPageData(page.page.data)));
  const build = async () => {
    const full = await Promise.all(
      pages.map(async (page, i) => ({
        markdown: await pageMarkdown(page.locale, page.page.slug, baseUrl, data[i]),
        url: `${baseUrl}${page.path}`,
      })),
    );
    return createRepresentation(buildLlmsFullTxt(full), 'text/plain; charset=utf-8');
  };
  return documents.get('llms-full.txt', build, data.map(pageDataVersion).join(' '));
}

/** `/sitemap.xml`: every page in every locale with its alternates. */
export const getSitemapXml = (baseUrl: string): Promise<Representation> =>
  documents.get('sitemap.xml', async () => {
    const pages = await listPageSummaries();
    const entries = pages.map((page) => ({ ...page, slug: page.page.slug }));
    return createRepresentation(buildSitemap(baseUrl, entries), 'application/xml; charset=utf-8');
  });

/** `/robots.txt` for this deployment. */
export const getRobotsTxt = (baseUrl: string, production: boolean): Promise<Representation> =>
  documents.get('robots.txt', async () =>
    createRepresentation(buildRobotsTxt({ baseUrl, production }), 'text/plain; charset=utf-8'),
  );
