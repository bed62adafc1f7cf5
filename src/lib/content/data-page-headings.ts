import type { MarkdownHeading } from 'astro';
import { buildApiReferenceView } from '../api-reference/build-api-reference-view.ts';
import { translatorFor } from '../api-reference/openapi-translations.ts';
import { buildCatalogView, CATALOG_SECTION_IDS } from '../catalog-page/build-catalog-view.ts';
import { buildMarkerPageView, MARKER_SECTION_IDS, showsAboutSection } from '../catalog-page/build-marker-page-view.ts';
import type { Locale } from './locales.ts';
import type { PageDataState } from './page-data.ts';
import type { GuidePageEntry } from './page-registry.ts';
import type { UiStrings } from './ui-strings-schema.ts';

const h2 = (slug: string, text: string): MarkdownHeading => ({ depth: 2, slug, text });

/**
 * The headings a data-driven page's components render (they come from the data, not the
 * MDX), for Starlight's "On this page": the biomarker list's sections and categories, a
 * marker page's sections, the API reference's paths, operations, schemas and headers. None
 * while the data is unavailable (the page then shows only a notice).
 */
export function dataPageHeadings(
  page: GuidePageEntry,
  locale: Locale,
  data: PageDataState | undefined,
  ui: UiStrings,
  baseUrl: string,
): MarkdownHeading[] {
  if (data?.ok !== true) return [];
  if (data.source === 'openapi') {
    const view = buildApiReferenceView(data.openapi, translatorFor(locale));
    return [
      h2('api-toc-heading', ui.apiReference.endpointsHeading),
      ...view.paths.flatMap((path) => [
        h2(path.anchor, path.path),
        // Under its path, a method says which operation it is.
        ...path.operations.map((operation) => ({ depth: 3, slug: operation.anchor, text: operation.method })),
      ]),
      h2('schemas', ui.apiReference.schemasHeading),
      h2('response-headers', ui.apiReference.headersHeading),
    ];
  }
  const options = { locale, baseUrl, otherCategory: ui.catalog.otherCategory };
  if (page.item !== undefined) {
    const view = buildMarkerPageView(data.catalog.panels, page.item.key, options);
    if (view === undefined) return [];
    return [
      h2(MARKER_SECTION_IDS.facts, ui.marker.factsHeading),
      h2(MARKER_SECTION_IDS.regions, ui.marker.regionsHeading),
      ...(showsAboutSection(view, locale) ? [h2(MARKER_SECTION_IDS.about, ui.marker.aboutHeading)] : []),
      h2(MARKER_SECTION_IDS.names, ui.marker.namesHeading),
      h2(MARKER_SECTION_IDS.api, ui.marker.apiHeading),
    ];
  }
  const view = buildCatalogView(data.catalog.panels, options);
  return [
    h2(CATALOG_SECTION_IDS.browser, ui.catalog.browser.heading),
    h2(CATALOG_SECTION_IDS.panels, ui.catalog.panelsHeading),
    h2(CATALOG_SECTION_IDS.categories, ui.catalog.categoriesHeading),
    ...view.categories.map((category) => h2(category.anchor, category.name.text)),
  ];
}
