import { CATALOG_TEMPLATES, type CatalogTemplate } from '../schemas/catalog.ts';
import { formatFilter, filterRank, parseFilter, type BiomarkerFilter, type IgnoredValue } from './biomarker-filter.ts';
import type { CatalogView, CategoryView } from './build-catalog-view.ts';

/** The catalog as one view of the browser shows it: every marker, and which of them match. */
export interface FilteredCatalogView {
  view: CatalogView;
  filter: BiomarkerFilter;
  /** Parameters whose values the page ignored and names (a category the catalog does not have is one). */
  ignored: IgnoredValue[];
  /** The uuids of the markers that match. */
  shown: ReadonlySet<string>;
  /** How many markers match, and how many there are. */
  shownCount: number;
  total: number;
  /** How many matching markers each panel carries, beside `view.counts`. */
  shownCounts: Record<CatalogTemplate, number>;
  /** The canonical query of this view without `?` ('' for the unfiltered page). */
  query: string;
  /** Categories and their markers in display order: best matches first while searching (ties in catalog order). */
  ranked: CategoryView[];
}

/** `items` sorted by `rankOf`, ties in their order. */
const byRank = <T>(items: readonly T[], rankOf: (item: T) => number): T[] =>
  items
    .map((item, index) => ({ item, index, rank: rankOf(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);

/** How many markers of `category` match. */
export const shownIn = (category: CategoryView, filtered: FilteredCatalogView): number =>
  category.markers.filter((marker) => filtered.shown.has(marker.uuid)).length;

/**
 * Applies the query to the view; an unknown category is reported like any unknown value. Every marker stays: `shown`
 * marks the matches, so the script can reveal the rest without a request.
 */
export function filterCatalogView(view: CatalogView, query: URLSearchParams): FilteredCatalogView {
  const parsed = parseFilter(query);
  const { filter } = parsed;
  const ignored = [...parsed.ignored];
  if (filter.category !== undefined && !view.categories.some((c) => c.anchor === filter.category)) {
    ignored.push({ param: 'category' });
    filter.category = undefined;
  }
  const markers = view.categories.flatMap((category) => category.markers);
  const ranks = new Map<string, number>();
  for (const marker of markers) {
    const rank = filterRank(marker, filter);
    if (rank !== undefined) ranks.set(marker.uuid, rank);
  }
  const matching = markers.filter((marker) => ranks.has(marker.uuid));
  const rankOf = (marker: { uuid: string }) => ranks.get(marker.uuid) ?? Infinity;
  const ranked =
    filter.q === ''
      ? view.categories
      : byRank(
          view.categories.map((category) => ({ ...category, markers: byRank(category.markers, rankOf) })),
          (category) => Math.min(...category.markers.map(rankOf)),
        );
  const shownCounts = Object.fromEntries(
    CATALOG_TEMPLATES.map((template) => [template, matching.filter((m) => m.templates.includes(template)).length]),
  ) as Record<CatalogTemplate, number>;
  return {
    view,
    filter,
    ignored,
    shown: new Set(matching.map((marker) => marker.uuid)),
    shownCount: matching.length,
    total: markers.length,
    shownCounts,
    query: formatFilter({ filter, ignored }),
    ranked,
  };
}
