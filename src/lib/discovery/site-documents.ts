import { MARKER_SECTION_IDS } from '../catalog-page/build-marker-page-view.ts';
import { getUiStrings, listSitePages } from '../content/guide-pages.ts';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { loadPageData } from '../content/page-data.ts';
import { pageMarkdown } from '../content/page-markdown.ts';
import { pagePath } from '../content/page-paths.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../content/page-registry.ts';
import { buildLlmsFullTxt, type SharedSection } from './build-llms-full-txt.ts';

/** What marker pages share in `llms-full.txt`: the API samples (on the first only) and units and panels (in the list). */
async function markerSectionsOnce(baseUrl: string): Promise<SharedSection[]> {
  const ui = (await getUiStrings(DEFAULT_LOCALE)).marker;
  const samples: SharedSection = {
    heading: `## ${ui.apiHeading}`,
    pointer(first, section) {
      const template = /[?&]template=([a-z0-9-]+)/.exec(section)?.[1];
      const uuid = /\.uuid == "([0-9a-f-]{36})"/.exec(section)?.[1];
      if (first === undefined || template === undefined || uuid === undefined) return undefined;
      return ui.apiAsAbove
        .replace('{first}', `[${first.title}](${first.url}#${MARKER_SECTION_IDS.api})`)
        .replace('{template}', `\`${template}\``)
        .replace('{uuid}', `\`${uuid}\``);
    },
  };
  const regions: SharedSection = {
    heading: `## ${ui.regionsHeading}`,
    pointer: (_first, _section, url) =>
      ui.regionsAsListed.replace(
        '{row}',
        `${baseUrl}${pagePath(DEFAULT_LOCALE, 'biomarkers')}#${url.slice(url.lastIndexOf('/') + 1)}`,
      ),
  };
  return [samples, regions];
}

/** `/llms-full.txt`: every default-locale page's twin, data-driven ones as their `.md` shows them now. */
export async function llmsFullTxt(baseUrl: string): Promise<string> {
  const sources = [
    ...new Set([...GUIDE_PAGES.flatMap((page) => page.data ?? []), ...ITEM_PAGE_FAMILIES.map((family) => family.data)]),
  ];
  const data = new Map(await Promise.all(sources.map(async (source) => [source, await loadPageData(source)] as const)));
  const pages = (await listSitePages(baseUrl)).filter((page) => page.locale === DEFAULT_LOCALE);
  const full = await Promise.all(
    pages.map(async (page) => ({
      title: page.title,
      markdown: await pageMarkdown(
        page.locale,
        page.page,
        baseUrl,
        page.page.data === undefined ? undefined : data.get(page.page.data),
        undefined,
        `${baseUrl}${page.path}`,
      ),
      url: `${baseUrl}${page.path}`,
      ...(page.page.item === undefined ? {} : { family: page.page.item.family.slug }),
    })),
  );
  const ui = await getUiStrings(DEFAULT_LOCALE);
  return buildLlmsFullTxt(full, {
    shared: await markerSectionsOnce(baseUrl),
    sameBlock: (page) => ui.sameBlockAsAbove.replace('{page}', `[${page.title}](${page.url})`),
  });
}
