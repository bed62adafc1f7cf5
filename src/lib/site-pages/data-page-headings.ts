import type { MarkdownHeading } from 'astro';
import { remark } from 'remark';
import remarkMdx from 'remark-mdx';
import { API_REFERENCE_SLUG, apiFamilyOfSlug } from '../content/api-families.ts';
import { apiOperationsOutline, apiOverviewOutline } from '../api-reference/api-reference-outline.ts';
import { buildApiReferenceView } from '../api-reference/build-api-reference-view.ts';
import { translatorFor } from '../api-reference/openapi-translations.ts';
import { buildCatalogView } from '../catalog-page/build-catalog-view.ts';
import { catalogTwin } from '../catalog-page/catalog-outline.ts';
import { filterCatalogView } from '../catalog-page/filter-catalog-view.ts';
import { buildMarkerPageView } from '../catalog-page/build-marker-page-view.ts';
import { markerPageOutline } from '../catalog-page/marker-page-outline.ts';
import { outlineHeadings } from '../markdown/mdast-builders.ts';
import { twinNodes } from '../markdown/page-outline.ts';
import { CHANGELOG_ENTRIES } from '../changelog/changelog.ts';
import { changelogOutline } from '../changelog/changelog-outline.ts';
import { getOpenApiDocument } from '../openapi/build-openapi-document.ts';
import type { Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import type { PageDataState } from '../content/page-data.ts';
import { CHANGELOG_SLUG, type GuidePageEntry } from '../content/page-registry.ts';
import type { ApiReferenceUiStrings, UiStrings } from '../content/ui-strings-schema.ts';

/**
 * The headings of the API reference's pages, which its components render from the OpenAPI
 * document: on the overview its list of operations by family, the schemas (each by name) and
 * the response headers; on a family's page each operation (`GET /path`) and its responses.
 * None on any other page.
 */
function apiReferenceHeadings(
  slug: string,
  locale: Locale,
  ui: ApiReferenceUiStrings,
  baseUrl: string,
): MarkdownHeading[] {
  const family = apiFamilyOfSlug(slug);
  if (family === undefined && slug !== API_REFERENCE_SLUG) return [];
  const view = buildApiReferenceView(getOpenApiDocument(), translatorFor(locale));
  const options = { locale, slug, ui, baseUrl };
  // The overview's, and a family page's operations and their responses, are its outline's anchored headings (a request
  // sample's headings are not: the contents need none). Headings are read from the twin's form: an operation's heading
  // reads `GET /path` there, where the page splits method and path.
  if (family === undefined) return outlineHeadings(twinNodes(apiOverviewOutline(view, options)));
  const paths = view.paths.filter((path) => path.family === family);
  return outlineHeadings(twinNodes(apiOperationsOutline(paths, view.schemas, options)));
}

/**
 * The headings a page's components render (they come from data, not the MDX), for
 * Starlight's "On this page": the changelog's entries, the API reference's operations and responses, the biomarker
 * list's sections and categories, a marker page's sections (each its twin's anchored headings). None for a data-driven
 * page while its data is unavailable (the page then shows only a notice).
 */
export function dataPageHeadings(
  page: GuidePageEntry,
  locale: Locale,
  data: PageDataState | undefined,
  ui: UiStrings,
  baseUrl: string,
): MarkdownHeading[] {
  if (page.slug === CHANGELOG_SLUG) {
    return outlineHeadings(changelogOutline(CHANGELOG_ENTRIES, locale, ui.changelog));
  }
  if (data === undefined) return apiReferenceHeadings(page.slug, locale, ui.apiReference, baseUrl);
  if (!data.ok) return [];
  const options = { locale, baseUrl, otherCategory: ui.catalog.otherCategory };
  if (page.item !== undefined) {
    // A marker page's sections are its twin's anchored headings.
    const view = buildMarkerPageView(data.catalog.panels, page.item.key, { ...options, aliases: ui.marker.aliases });
    if (view === undefined) return [];
    const listPath = pagePath(locale, page.item.family.slug);
    const outline = { locale, baseUrl, listPath, pagePath: pagePath(locale, page.slug), ui: ui.marker };
    return outlineHeadings(markerPageOutline(view, { ...outline, catalogUi: ui.catalog }));
  }
  // The biomarker list's sections are its unfiltered twin's anchored headings (the page's contents are the same for
  // every view: a view hides what does not match).
  const view = filterCatalogView(buildCatalogView(data.catalog.panels, options), new URLSearchParams());
  return outlineHeadings(catalogTwin(view, { locale, ui: ui.catalog, listPath: pagePath(locale, page.slug), baseUrl }));
}

/** The components whose headings come from data (`dataPageHeadings`), not from the MDX. */
const DATA_COMPONENTS = new Set([
  'ApiOperations',
  'ApiReference',
  'BiomarkerCategories',
  'BiomarkerDetail',
  'Changelog',
]);

/**
 * A page's "On this page" in page order: the MDX's own headings above its data component, that component's headings
 * (`dataPageHeadings`), then the MDX's headings below it (the biomarker list's "About this list" follows the list).
 * The MDX is parsed, not searched, so a line that looks like a heading in a code sample is not one.
 */
export function pageContents(body: string, mdx: MarkdownHeading[], data: MarkdownHeading[]): MarkdownHeading[] {
  const nodes = remark().use(remarkMdx).parse(body).children;
  const component = nodes.findIndex(
    (node) => node.type === 'mdxJsxFlowElement' && node.name !== null && DATA_COMPONENTS.has(node.name),
  );
  if (component === -1) return [...mdx, ...data];
  const sectionsAbove = nodes.slice(0, component).filter((node) => node.type === 'heading' && node.depth === 2).length;
  // The MDX's headings are its sections (`h2`) with what its components render under them: split before the first
  // section below the data component.
  let sections = 0;
  const below = mdx.findIndex((heading) => heading.depth === 2 && ++sections > sectionsAbove);
  const split = below === -1 ? mdx.length : below;
  return [...mdx.slice(0, split), ...data, ...mdx.slice(split)];
}
