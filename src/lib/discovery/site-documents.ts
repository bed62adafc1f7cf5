import { listSitePages } from '../content/guide-pages.ts';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { loadPageData } from '../content/page-data.ts';
import { pageMarkdown } from '../content/page-markdown.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../content/page-registry.ts';
import { buildLlmsFullTxt } from './build-llms-txt.ts';
import { llmsTxtOf, sitemapXmlOf } from './site-page-documents.ts';

/** `/llms.txt`, built from the page registry, the pages' frontmatter, the item pages and the API list. */
export const llmsTxt = async (baseUrl: string): Promise<string> => llmsTxtOf(await listSitePages(baseUrl), baseUrl);

/**
 * `/llms-full.txt`: every default-locale page's Markdown twin (each item's page too), the
 * data-driven ones as their `.md` shows them now.
 */
export async function llmsFullTxt(baseUrl: string): Promise<string> {
  const sources = [
    ...new Set([...GUIDE_PAGES.flatMap((page) => page.data ?? []), ...ITEM_PAGE_FAMILIES.map((family) => family.data)]),
  ];
  const data = new Map(await Promise.all(sources.map(async (source) => [source, await loadPageData(source)] as const)));
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
  return buildLlmsFullTxt(full);
}

/** `/sitemap.xml`: every page in every locale with its alternates, each item's page included. */
export const sitemapXml = async (baseUrl: string): Promise<string> =>
  sitemapXmlOf(await listSitePages(baseUrl), baseUrl);
