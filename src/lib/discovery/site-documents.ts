import { SingleFlightCache } from '../cache/single-flight-cache.ts';
import { listSitePages, sitePagesVersion } from '../content/guide-pages.ts';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { loadPageData, pageDataVersion } from '../content/page-data.ts';
import { pageMarkdown } from '../content/page-markdown.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../content/page-registry.ts';
import { createRepresentation, type Representation } from '../http/representation.ts';
import { buildLlmsFullTxt } from './build-llms-full-txt.ts';
import { buildRobotsTxt } from './build-robots-txt.ts';
import { llmsTxtOf, sitemapXmlOf } from './site-page-documents.ts';

/**
 * Built once per process and version of the item families' data: the inputs are the
 * build's content, the configuration and which items have pages.
 */
const documents = new SingleFlightCache<Representation>();

/** `/llms.txt`, built from the page registry, the pages' frontmatter, the item pages and the API list. */
export async function getLlmsTxt(baseUrl: string): Promise<Representation> {
  const build = async () =>
    createRepresentation(llmsTxtOf(await listSitePages(baseUrl), baseUrl), 'text/plain; charset=utf-8');
  return documents.get('llms.txt', build, await sitePagesVersion());
}

/**
 * `/llms-full.txt`: every default-locale page's Markdown twin (each item's page too), the
 * data-driven ones as their `.md` shows them now, so the file is built again whenever
 * their data changes.
 */
export async function getLlmsFullTxt(baseUrl: string): Promise<Representation> {
  const sources = [
    ...new Set([...GUIDE_PAGES.flatMap((page) => page.data ?? []), ...ITEM_PAGE_FAMILIES.map((family) => family.data)]),
  ];
  const data = new Map(await Promise.all(sources.map(async (source) => [source, await loadPageData(source)] as const)));
  const build = async () => {
    const pages = (await listSitePages(baseUrl)).filter((page) => page.locale === DEFAULT_LOCALE);
    const full = await Promise.all(
      pages.map(async (page) => ({
        markdown: await pageMarkdown(
          page.locale,
          page.page,
          baseUrl,
          page.page.data === undefined ? undefined : data.get(page.page.data),
        ),
        url: `${baseUrl}${page.path}`,
      })),
    );
    return createRepresentation(buildLlmsFullTxt(full), 'text/plain; charset=utf-8');
  };
  const version = sources.map((source) => pageDataVersion(data.get(source))).join(' ');
  return documents.get('llms-full.txt', build, version);
}

/** `/sitemap.xml`: every page in every locale with its alternates, each item's page included. */
export async function getSitemapXml(baseUrl: string): Promise<Representation> {
  const build = async () =>
    createRepresentation(sitemapXmlOf(await listSitePages(baseUrl), baseUrl), 'application/xml; charset=utf-8');
  return documents.get('sitemap.xml', build, await sitePagesVersion());
}

/** `/robots.txt` for this deployment. */
export const getRobotsTxt = (baseUrl: string, production: boolean): Promise<Representation> =>
  documents.get('robots.txt', async () =>
    createRepresentation(buildRobotsTxt({ baseUrl, production }), 'text/plain; charset=utf-8'),
  );
