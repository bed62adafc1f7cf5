import { mdxToMarkdown } from '../markdown/mdx-to-markdown.ts';
import { getPageEntry, getUiStrings } from './guide-pages.ts';
import type { Locale } from './locales.ts';
import type { PageDataState } from './page-data.ts';
import { pagePath } from './page-paths.ts';

/**
 * The Markdown twin of a page, converted from the MDX source its HTML is rendered from;
 * `data` is what its data-driven components show (see `loadPageData`).
 */
export async function pageMarkdown(
  locale: Locale,
  slug: string,
  baseUrl: string,
  data?: PageDataState,
): Promise<string> {
  const entry = await getPageEntry(locale, slug);
  return mdxToMarkdown(entry.body ?? '', {
    title: entry.data.title,
    description: entry.data.description,
    baseUrl,
    pagePath: pagePath(locale, slug),
    context: { locale, ui: await getUiStrings(locale), data },
  });
}
