import type { Root } from 'mdast';
import { mdxToMdast } from './mdx-to-markdown.ts';
import { printMarkdown, substituteBaseUrl } from '../markdown/markdown-printer.ts';
import { getOtherUiStrings, getPageContent, getUiStrings } from './guide-pages.ts';
import type { Locale } from '../content/locales.ts';
import type { PageDataState } from './page-data.ts';
import { pagePath } from '../content/page-paths.ts';
import type { GuidePageEntry } from '../content/page-registry.ts';
import type { RenderServices } from './render-services.ts';

/** What a twin reads of the site's render services. */
type MarkdownSite = Pick<RenderServices, 'config' | 'openApiDocument'>;

/**
 * The Markdown twin of a page, converted from the MDX source its HTML is rendered from;
 * `data` is what its data-driven components show (see `loadPageData`), and an item's
 * page shows the item its registry entry names; `query` is the request's, for a page that
 * filters by it; `source` is the page's URL, named under the title (in `llms-full.txt`). `site` is what its renders
 * get (`locals`): the configuration, whose origin the twin's links and samples name, and the API reference's document.
 */
export async function pageMarkdown(
  locale: Locale,
  page: GuidePageEntry,
  site: MarkdownSite,
  data?: PageDataState,
  query?: URLSearchParams,
  source?: string,
): Promise<string> {
  const tree = await pageMdast(locale, page, site, data, query, source);
  return substituteBaseUrl(printMarkdown(tree), site.config.baseUrl);
}

/** The tree `pageMarkdown` prints (its code samples still name `{BASE_URL}`): for what combines twins before printing. */
export async function pageMdast(
  locale: Locale,
  page: GuidePageEntry,
  { config, openApiDocument }: MarkdownSite,
  data?: PageDataState,
  query?: URLSearchParams,
  source?: string,
): Promise<Root> {
  const { baseUrl } = config;
  const { entry, frontmatter } = await getPageContent(locale, page, data, baseUrl);
  const ui = await getUiStrings(locale);
  return mdxToMdast(entry.body ?? '', {
    title: frontmatter.title,
    description: frontmatter.description,
    updated: ui.lastUpdated.replace('{date}', frontmatter.lastUpdated.toISOString().slice(0, 10)),
    baseUrl,
    pagePath: pagePath(locale, page.slug),
    source,
    context: {
      locale,
      slug: page.slug,
      openApiDocument,
      ui,
      otherUi: await getOtherUiStrings(locale),
      data,
      item: page.item,
      query,
    },
  });
}
