import { buildCatalogView } from '../catalog-page/build-catalog-view.ts';
import { MARKER_SECTION_IDS } from '../catalog-page/build-marker-page-view.ts';
import { buildAtomFeed } from '../changelog/build-atom-feed.ts';
import { CHANGELOG_ENTRIES } from '../changelog/changelog.ts';
import { getPageContent, getUiStrings, listSitePages } from '../site-pages/guide-pages.ts';
import { changelogFeedAt, changelogFeedTitle } from '../content/changelog-feeds.ts';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { loadPageData, type PageDataServices, type PageDataState } from '../site-pages/page-data.ts';
import { pageMdast } from '../site-pages/page-markdown.ts';
import type { RenderConfig, RenderServices } from '../site-pages/render-services.ts';
import { CHANGELOG_SLUG, GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../content/page-registry.ts';
import { formatHttpDate } from '../http/http-date.ts';
import { buildLlmsFullTxt, type SharedSection } from './build-llms-full-txt.ts';

/**
 * What marker pages share in `llms-full.txt`: the API samples, on the first only; the others name their panel and uuid,
 * from the catalog's view. Each keeps its own description, guide and units table, so one section reads whole.
 */
async function markerSectionsOnce(baseUrl: string, data: PageDataState | undefined): Promise<SharedSection[]> {
  const ui = await getUiStrings(DEFAULT_LOCALE);
  const markers = new Map(
    data?.ok === true
      ? buildCatalogView(data.catalog.panels, {
          locale: DEFAULT_LOCALE,
          baseUrl,
          otherCategory: ui.catalog.otherCategory,
        })
          .categories.flatMap((category) => category.markers)
          .map((marker) => [marker.key, marker] as const)
      : [],
  );
  const samples: SharedSection = {
    heading: ui.marker.apiHeading,
    pointer(first, page) {
      const marker = page.key === undefined ? undefined : markers.get(page.key);
      const template = marker?.templates[0];
      if (first === undefined || marker === undefined || template === undefined) return undefined;
      return ui.marker.apiAsAbove
        .replace('{first}', `[${first.title}](${first.url}#${MARKER_SECTION_IDS.api})`)
        .replace('{template}', `\`${template}\``)
        .replace('{uuid}', `\`${marker.uuid}\``);
    },
  };
  return [samples];
}

/**
 * `/llms-full.txt`: every default-locale page's twin, data-driven ones as their `.md` shows them now (from `services`),
 * for the site configured by `config`.
 */
export async function llmsFullTxt(
  config: RenderConfig,
  services: PageDataServices & Pick<RenderServices, 'openApiDocument'>,
): Promise<string> {
  const { baseUrl } = config;
  const sources = [
    ...new Set([...GUIDE_PAGES.flatMap((page) => page.data ?? []), ...ITEM_PAGE_FAMILIES.map((family) => family.data)]),
  ];
  const data = new Map(
    await Promise.all(sources.map(async (source) => [source, await loadPageData(source, services)] as const)),
  );
  const pages = (await listSitePages(baseUrl, services)).filter((page) => page.locale === DEFAULT_LOCALE);
  const full = await Promise.all(
    pages.map(async (page) => ({
      title: page.title,
      tree: await pageMdast(
        page.locale,
        page.page,
        { config, openApiDocument: services.openApiDocument },
        page.page.data === undefined ? undefined : data.get(page.page.data),
        undefined,
        `${baseUrl}${page.path}`,
      ),
      url: `${baseUrl}${page.path}`,
      ...(page.page.item === undefined ? {} : { family: page.page.item.family.slug, key: page.page.item.key }),
    })),
  );
  const ui = await getUiStrings(DEFAULT_LOCALE);
  return buildLlmsFullTxt(full, {
    shared: await markerSectionsOnce(baseUrl, data.get('catalog')),
    baseUrl,
    sameBlock: (page) => ui.sameBlockAsAbove.replace('{page}', `[${page.title}](${page.url})`),
  });
}

/**
 * The changelog's Atom feed at `path` (`changelog-feeds.ts`), in its language, from `content/changelog.yaml` and the
 * page's frontmatter; a bare 404 for a path that names no feed. Its `Last-Modified` is its `updated`: the store keeps
 * it with the bytes, and the server sends it and compares `If-Modified-Since` with it.
 */
export async function changelogFeedResponse(path: string, baseUrl: string): Promise<Response> {
  const feed = changelogFeedAt(path);
  if (feed === undefined) return new Response(null, { status: 404 });
  const page = GUIDE_PAGES.find((entry) => entry.slug === CHANGELOG_SLUG)!;
  const [{ frontmatter }, ui] = await Promise.all([
    getPageContent(feed.locale, page, undefined, baseUrl),
    getUiStrings(feed.locale),
  ]);
  const { xml, updated } = buildAtomFeed({
    entries: CHANGELOG_ENTRIES,
    feed,
    baseUrl,
    title: `${changelogFeedTitle(frontmatter.title, ui.changelog.kinds, feed.kind)} · ${ui.siteName}`,
    subtitle: frontmatter.description,
    author: ui.siteName,
    actionLabel: ui.changelog.action,
    kindLabels: ui.changelog.kinds,
  });
  const headers = {
    'Content-Type': 'application/atom+xml; charset=utf-8',
    'Last-Modified': formatHttpDate(Date.parse(updated)),
  };
  return new Response(xml, { headers });
}
