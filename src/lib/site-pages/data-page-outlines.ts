import type { MarkdownHeading } from 'astro';
import type { RootContent } from 'mdast';
import { remark } from 'remark';
import remarkMdx from 'remark-mdx';
import { apiFamilyOfSlug } from '../content/api-families.ts';
import { apiOperationsOutline, apiOverviewOutline } from '../api-reference/api-reference-outline.ts';
import { buildApiReferenceView } from '../api-reference/build-api-reference-view.ts';
import { translatorFor } from '../api-reference/openapi-translations.ts';
import { buildCatalogView } from '../catalog-page/build-catalog-view.ts';
import { CATALOG_SCRIPTS, catalogOutline, catalogUnavailableOutline } from '../catalog-page/catalog-outline.ts';
import { isChromeQuery, viewSlot, type ViewSource } from '../catalog-page/catalog-views.ts';
import { filterCatalogView } from '../catalog-page/filter-catalog-view.ts';
import { buildMarkerPageView } from '../catalog-page/build-marker-page-view.ts';
import { catalogSearchWords } from '../catalog-page/marker-labels.ts';
import { markerGuides } from '../catalog-page/marker-guide-data.ts';
import { markerPageOutline } from '../catalog-page/marker-page-outline.ts';
import { MARKER_SAMPLE_ID } from '../catalog-page/marker-sample.ts';
import { CHANGELOG_ENTRIES } from '../changelog/changelog.ts';
import { changelogOutline } from '../changelog/changelog-outline.ts';
import type { Locale } from '../content/locales.ts';
import type { PageDataState } from './page-data.ts';
import { pagePath } from '../content/page-paths.ts';
import type { PageItemRef } from '../content/page-registry.ts';
import type { UiStrings } from '../content/ui-strings-schema.ts';
import { outlineHeadings, text } from '../markdown/mdast-builders.ts';
import { pagePart, twinNodes } from '../markdown/page-outline.ts';
import type { OpenApiDocument } from '../openapi/openapi-types.ts';
import { sampleFragment, type SampleFragments } from '../samples/prepared-sample-fragments.ts';

/** What a page's data-driven components are built from besides the public origin; the page route gives them the same. */
export interface DataPageContext {
  locale: Locale;
  /** The page's slug in the registry. */
  slug: string;
  /** The OpenAPI document the service serves, for the API reference's pages. */
  openApiDocument: () => OpenApiDocument;
  /** The page's interface strings. */
  ui: UiStrings;
  /** The other locales' interface strings: the biomarker browser finds a marker by their words too. */
  otherUi: readonly UiStrings[];
  /** The page's data (its registry entry's `data`), or undefined on a static page. */
  data: PageDataState | undefined;
  /** On an item family's page: the family and the key of the item it shows. */
  item?: PageItemRef | undefined;
  /** The request's query, for a component that filters by it (the biomarker browser). */
  query?: URLSearchParams | undefined;
}

/** A data page's outline asked for: by the page (its HTML) or by its twin and contents, which print one view. */
export interface DataPageRequest extends DataPageContext {
  /** The public origin. */
  baseUrl: string;
  audience: 'page' | 'twin';
  /** The build's highlighted samples; the page's only (its twin prints samples as fenced code). */
  sampleFragments?: SampleFragments | undefined;
}

/** The catalog's panels on a page registered with `data: 'catalog'`; undefined while the catalog is unavailable. */
function catalogPanels(name: string, { data }: DataPageRequest) {
  if (data === undefined || (data.ok && data.source !== 'catalog')) {
    throw new Error(`<${name}> needs the catalog: register its page with data: 'catalog'`);
  }
  return data.ok && data.source === 'catalog' ? data.catalog.panels : undefined;
}

/** The API reference's view in the page's language. */
const referenceView = ({ openApiDocument, locale }: DataPageRequest) =>
  buildApiReferenceView(openApiDocument(), translatorFor(locale));

/**
 * The outline of each data-driven component, by the name MDX pages use: the page renders it (`DataPage.astro`), the
 * twin prints it (`component-converters.ts`), "On this page" lists its anchored headings (`pageContents`).
 */
export const DATA_PAGE_OUTLINES = {
  /** The reference's overview: every operation under its family, then the schemas and the response headers. */
  ApiReference(request: DataPageRequest): RootContent[] {
    const { locale, slug, ui, baseUrl } = request;
    return apiOverviewOutline(referenceView(request), { locale, slug, ui: ui.apiReference, baseUrl });
  },

  /** The operations of the page's API family (the slug names it, see api-families.ts). */
  ApiOperations(request: DataPageRequest): RootContent[] {
    const { locale, slug, ui, baseUrl } = request;
    const family = apiFamilyOfSlug(slug);
    if (family === undefined) throw new Error('<ApiOperations> belongs on a page of an API family (api-families.ts)');
    const view = referenceView(request);
    const paths = view.paths.filter((path) => path.family === family);
    return apiOperationsOutline(paths, view.schemas, { locale, slug, ui: ui.apiReference, baseUrl });
  },

  /**
   * The biomarker browser, filtered by the request's query. Asked for the views' chrome (`CHROME_QUERY`), the list's
   * body is one slot carrying what a view's body is made from, and the server writes each view's body there
   * (`catalog-views.ts`).
   */
  BiomarkerCategories(request: DataPageRequest): RootContent[] {
    const { locale, ui, otherUi, baseUrl, audience } = request;
    const panels = catalogPanels('BiomarkerCategories', request);
    if (panels === undefined) return catalogUnavailableOutline(ui.catalog);
    const query = request.query ?? new URLSearchParams();
    const options = { locale, baseUrl, otherCategory: ui.catalog.otherCategory, ...catalogSearchWords(ui, otherUi) };
    const view = buildCatalogView(panels, options);
    // Each marker's page is below the list's own path (the `biomarkers` item family).
    const listPath = pagePath(locale, request.slug);
    if (isChromeQuery(query)) {
      if (audience === 'twin') return [{ type: 'paragraph', children: [text(viewSlot())] }];
      const source: ViewSource = { locale, ui: ui.catalog, view, listPath, baseUrl };
      return [pagePart('ViewSlot', { slot: viewSlot(source) }), ...CATALOG_SCRIPTS];
    }
    return catalogOutline(filterCatalogView(view, query), { locale, ui: ui.catalog, listPath, baseUrl });
  },

  /** One marker's facts, what its guide teaches, units and panels per region, names and API sample. */
  BiomarkerDetail(request: DataPageRequest): RootContent[] {
    const { locale, ui, baseUrl, item } = request;
    const panels = catalogPanels('BiomarkerDetail', request);
    if (item === undefined) throw new Error('<BiomarkerDetail> belongs on an item page');
    if (panels === undefined) return catalogUnavailableOutline(ui.catalog);
    const { otherCategory } = ui.catalog;
    const options = { locale, baseUrl, otherCategory, aliases: ui.marker.aliases, guides: markerGuides() };
    const view = buildMarkerPageView(panels, item.key, options);
    if (view === undefined) throw new Error(`no marker has the key ${item.key}`);
    return markerPageOutline(view, {
      locale,
      baseUrl,
      listPath: pagePath(locale, item.family.slug),
      pagePath: pagePath(locale, request.slug),
      ui: ui.marker,
      catalogUi: ui.catalog,
      // The sample as the build highlighted it (none without a build, nor in the twin).
      preparedSample:
        request.sampleFragments === undefined
          ? undefined
          : sampleFragment(request.sampleFragments, locale, MARKER_SAMPLE_ID),
    });
  },

  /** The changelog's entries, newest first, in the page's language. */
  Changelog({ locale, ui }: DataPageRequest): RootContent[] {
    return changelogOutline(CHANGELOG_ENTRIES, locale, ui.changelog);
  },
};

/** The name of a data-driven component. */
export type DataComponentName = keyof typeof DATA_PAGE_OUTLINES;

const isDataComponent = (name: string | null): name is DataComponentName =>
  name !== null && Object.hasOwn(DATA_PAGE_OUTLINES, name);

/**
 * A page's "On this page" in page order: the MDX's own headings above its data component, the anchored headings of
 * that component's outline (`outlineOf`, read from the twin's form: an operation's heading reads `GET /path` there),
 * then the MDX's headings below it (the biomarker list's "About this list" follows the list). The MDX is parsed, not
 * searched, so a line that looks like a heading in a code sample is not one.
 */
export function pageContents(
  body: string,
  mdx: MarkdownHeading[],
  outlineOf: (name: DataComponentName) => RootContent[],
): MarkdownHeading[] {
  const nodes = remark().use(remarkMdx).parse(body).children;
  const component = nodes.findIndex((node) => node.type === 'mdxJsxFlowElement' && isDataComponent(node.name));
  const element = nodes[component];
  if (element?.type !== 'mdxJsxFlowElement' || !isDataComponent(element.name)) return mdx;
  const data = outlineHeadings(twinNodes(outlineOf(element.name)));
  const sectionsAbove = nodes.slice(0, component).filter((node) => node.type === 'heading' && node.depth === 2).length;
  // The MDX's headings are its sections (`h2`) with what its components render under them: split before the first
  // section below the data component.
  let sections = 0;
  const below = mdx.findIndex((heading) => heading.depth === 2 && ++sections > sectionsAbove);
  const split = below === -1 ? mdx.length : below;
  return [...mdx.slice(0, split), ...data, ...mdx.slice(split)];
}
