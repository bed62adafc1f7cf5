import type { BlockContent, DefinitionContent, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { apiFamilyOfSlug } from '../content/api-families.ts';
import { apiOperationsOutline, apiOverviewOutline } from '../api-reference/api-reference-outline.ts';
import { buildApiReferenceView } from '../api-reference/build-api-reference-view.ts';
import { translatorFor } from '../api-reference/openapi-translations.ts';
import { isTemplateQuery } from '../catalog-page/browser-slots.ts';
import { buildCatalogView } from '../catalog-page/build-catalog-view.ts';
import { CHANGELOG_ENTRIES } from '../changelog/changelog.ts';
import { changelogOutline } from '../changelog/changelog-outline.ts';
import { buildMarkerPageView } from '../catalog-page/build-marker-page-view.ts';
import { catalogTwin, catalogUnavailableOutline } from '../catalog-page/catalog-outline.ts';
import { filterCatalogView } from '../catalog-page/filter-catalog-view.ts';
import { markerSearchWords } from '../catalog-page/marker-labels.ts';
import { markerPageOutline } from '../catalog-page/marker-page-outline.ts';
import { MARKS } from '../catalog-page/page-template.ts';
import { twinNodes } from '../markdown/page-outline.ts';
import { DEFAULT_LOCALE, type Locale } from '../content/locales.ts';
import type { PageDataState } from '../content/page-data.ts';
import { pagePath } from '../content/page-paths.ts';
import type { PageItemRef } from '../content/page-registry.ts';
import type { UiStrings } from '../content/ui-strings-schema.ts';
import { errorHeadingParts } from '../http/problem-details.ts';
import type { OpenApiDocument } from '../openapi/openapi-types.ts';
import { loadSample, sampleHeadingLevel, sampleLabels, sampleMarkdown } from '../samples/request-samples.ts';

/** What data-driven components need besides their attributes; the page route gives them the same. */
interface ComponentContext {
  locale: Locale;
  /** The page's slug in the registry. */
  slug: string;
  /** The OpenAPI document the service serves, for the API reference's pages. */
  openApiDocument: () => OpenApiDocument;
  /** The page's interface strings. */
  ui: UiStrings;
  /** The page's data (its registry entry's `data`), or undefined on a static page. */
  data: PageDataState | undefined;
  /** On an item family's page: the family and the key of the item it shows. */
  item?: PageItemRef | undefined;
  /** The request's query, for a component that filters by it (the biomarker browser). */
  query?: URLSearchParams | undefined;
}

/** What the Markdown twin of a page needs besides its MDX body. */
export interface MarkdownTwinOptions {
  /** The page title: the first line, `# Title`. */
  title: string;
  /** The lead paragraph under the title (the page's description). */
  description: string;
  /** The "Last updated" line with an ISO 8601 date, so an agent reading only the twin can tell its freshness. */
  updated?: string;
  /** Public origin: every link becomes absolute on it, and `{BASE_URL}` is replaced by it. */
  baseUrl: string;
  /** The page's own URL path, the base of relative and `#fragment` links. */
  pagePath: string;
  /** The page's URL, named under the title where the twin stands among others (`llms-full.txt`). */
  source?: string | undefined;
  /** For data-driven components; pages that use none may leave it out. */
  context?: ComponentContext;
}

/** Turns one MDX component into Markdown nodes (children converted afterwards); data comes from `options.context`. */
export type ComponentConverter = (
  element: MdxJsxFlowElement | MdxJsxTextElement,
  options: MarkdownTwinOptions,
) => RootContent[];

/** An element's string attributes; expressions and spreads are refused, as they would need the page to run. */
function jsxAttributes(element: MdxJsxFlowElement | MdxJsxTextElement): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') {
      throw new Error(`<${element.name ?? ''}>: only string attributes can be converted to Markdown`);
    }
    attributes[attribute.name] = attribute.value;
  }
  return attributes;
}

/** Reads a required string attribute of a component. */
function required(element: MdxJsxFlowElement | MdxJsxTextElement, name: string): string {
  const value = jsxAttributes(element)[name];
  if (value === undefined || value.trim() === '') throw new Error(`<${element.name ?? ''}>: missing "${name}"`);
  return value;
}

/**
 * One converter per component in `src/components/mdx/`: a component without one makes the twin throw (unit tests catch
 * it).
 */
export const COMPONENT_CONVERTERS: Readonly<Record<string, ComponentConverter>> = {
  /** `<Callout title="…">…</Callout>` → a blockquote that starts with the title in bold. */
  Callout(element) {
    const title = required(element, 'title');
    const children = element.children as Array<BlockContent | DefinitionContent>;
    return [
      {
        type: 'blockquote',
        children: [
          { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: title }] }] },
          ...children,
        ],
      },
    ];
  },
  /** The changelog's entries, newest first, in the page's language (`changelogOutline`). */
  Changelog(element, { context }) {
    if (context === undefined) throw new Error(`<${element.name ?? ''}> needs the page's context`);
    return twinNodes(changelogOutline(CHANGELOG_ENTRIES, context.locale, context.ui.changelog));
  },
  /** Per language a heading, the code and its output excerpt (`content/samples/<id>/`). */
  Sample(element, { baseUrl, context }) {
    const attributes = jsxAttributes(element);
    const locale = context?.locale ?? DEFAULT_LOCALE;
    const sample = loadSample(required(element, 'id'), { BASE_URL: baseUrl }, locale);
    return sampleMarkdown(sample, sampleLabels(locale), sampleHeadingLevel(attributes['headingLevel']));
  },
  /** `<ErrorHeading code="rate_limited" title="…" />` → `### \`rate_limited\` — … (429)`. */
  ErrorHeading(element) {
    const { code, status } = errorHeadingParts(required(element, 'code'));
    const title = required(element, 'title');
    return [
      {
        type: 'heading',
        depth: 3,
        children: [
          { type: 'inlineCode', value: code },
          { type: 'text', value: ` — ${title} (${status})` },
        ],
      },
    ];
  },
  /**
   * Browser parameters, panel overview and a table per category, filtered by the query; a blockquote when the catalog
   * is down. For the template the server fills per view, a slot the server writes `catalogTwin` into.
   */
  BiomarkerCategories(element, { baseUrl, pagePath: listPath, context }) {
    const data = context?.data;
    if (context === undefined || data === undefined) {
      throw new Error(`<${element.name ?? ''}> needs the catalog: register its page with data: 'catalog'`);
    }
    const ui = context.ui.catalog;
    if (!data.ok) return twinNodes(catalogUnavailableOutline(ui));
    const query = context.query ?? new URLSearchParams();
    if (isTemplateQuery(query))
      return [{ type: 'paragraph', children: [{ type: 'text', value: MARKS.slot('catalog') }] }];
    const { locale } = context;
    const view = buildCatalogView(data.catalog.panels, {
      locale,
      baseUrl,
      otherCategory: ui.otherCategory,
      searchTerms: markerSearchWords(context.ui),
    });
    // Each marker's page is below the list's own path (the `biomarkers` item family).
    return catalogTwin(filterCatalogView(view, query), { locale, ui, listPath, baseUrl });
  },
  /** One marker's facts, units, panels per region, names and API sample. */
  BiomarkerDetail(element, { baseUrl, context }) {
    const data = context?.data;
    const item = context?.item;
    if (context === undefined || item === undefined || data === undefined) {
      throw new Error(`<${element.name ?? ''}> belongs on an item page of a family with data: 'catalog'`);
    }
    const catalogUi = context.ui.catalog;
    if (!data.ok) return twinNodes(catalogUnavailableOutline(catalogUi));
    const { locale } = context;
    const options = { locale, baseUrl, otherCategory: catalogUi.otherCategory, aliases: context.ui.marker.aliases };
    const view = buildMarkerPageView(data.catalog.panels, item.key, options);
    if (view === undefined) throw new Error(`no marker has the key ${item.key}`);
    const outline = markerPageOutline(view, {
      locale,
      baseUrl,
      listPath: pagePath(locale, item.family.slug),
      pagePath: pagePath(locale, context.slug),
      ui: context.ui.marker,
      catalogUi,
    });
    return twinNodes(outline);
  },
  /**
   * `<ApiReference />` → the reference's overview: every operation under its family (linked
   * to the family's twin), then the schemas and response headers, in the page's language.
   */
  ApiReference(element, { baseUrl, context }) {
    if (context === undefined) throw new Error(`<${element.name ?? ''}> needs the page's context`);
    const view = buildApiReferenceView(context.openApiDocument(), translatorFor(context.locale));
    const { locale, slug } = context;
    return twinNodes(apiOverviewOutline(view, { locale, slug, ui: context.ui.apiReference, baseUrl }));
  },
  /**
   * `<ApiOperations />` → the operations of the page's API family: an H2 per operation with
   * headed sections, its request sample and the document's examples.
   */
  ApiOperations(element, { baseUrl, context }) {
    const family = context === undefined ? undefined : apiFamilyOfSlug(context.slug);
    if (context === undefined || family === undefined) {
      throw new Error(`<${element.name ?? ''}> belongs on a page of an API family (api-families.ts)`);
    }
    const view = buildApiReferenceView(context.openApiDocument(), translatorFor(context.locale));
    const paths = view.paths.filter((path) => path.family === family);
    const { locale, slug } = context;
    return twinNodes(apiOperationsOutline(paths, view.schemas, { locale, slug, ui: context.ui.apiReference, baseUrl }));
  },
};
