import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import {
  formatFilter,
  matchCategories,
  PANEL_REGIONS,
  PANEL_SIZES,
  parseFilter,
  type BiomarkerFilter,
  type CategoryMatches,
  type IgnoredValue,
} from './biomarker-filter.ts';
import type { CatalogView, CategoryView } from './build-catalog-view.ts';
import { regionName } from './marker-labels.ts';

/** The catalog as one view of the browser shows it: every marker, and which of them match. */
export interface FilteredCatalogView extends CategoryMatches<CategoryView> {
  view: CatalogView;
  filter: BiomarkerFilter;
  /** Parameters whose values the page ignored and names (a category the catalog does not have is one). */
  ignored: IgnoredValue[];
  /** How many markers there are. */
  total: number;
  /** The canonical query of this view without `?` ('' for the unfiltered page). */
  query: string;
}

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
  return {
    ...matchCategories(view.categories, filter, view.reading),
    view,
    filter,
    ignored,
    total: view.categories.flatMap((category) => category.markers).length,
    query: formatFilter({ filter, ignored }),
  };
}

/**
 * The form's choices besides the search text, in query order, each a parameter with its values and their labels: the
 * page's selects, and the parameters its Markdown twin lists.
 */
export function filterChoices(view: CatalogView, ui: CatalogUiStrings) {
  const b = ui.browser;
  const yesNo = [
    { value: 'yes', label: b.yes },
    { value: 'no', label: b.no },
  ];
  return [
    {
      param: 'region',
      label: b.region,
      any: b.anyRegion,
      options: PANEL_REGIONS.map((region) => ({ value: region, label: regionName(region, ui) })),
    },
    {
      param: 'panel',
      label: b.panel,
      any: b.anyPanel,
      options: PANEL_SIZES.map((size) => ({ value: size, label: ui[size] })),
    },
    {
      param: 'category',
      label: b.category,
      any: b.anyCategory,
      options: view.categories.map((category) => ({ value: category.anchor, label: category.name.text })),
    },
    { param: 'calculated', label: ui.calculated, any: b.anyValue, options: yesNo },
    { param: 'premium', label: ui.premium, any: b.anyValue, options: yesNo },
  ];
}
