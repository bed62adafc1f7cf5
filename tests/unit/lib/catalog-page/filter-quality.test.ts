import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogView, type CatalogView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import { filterCatalogView } from '../../../../src/lib/catalog-page/filter-catalog-view.ts';
import { catalogSearchWords } from '../../../../src/lib/catalog-page/marker-labels.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { bundledPanels } from '../../../helpers/catalog-fixture.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';
import queries from '../../../fixtures/filter-queries.json' with { type: 'json' };

/**
 * The biomarker browser's quality table (`tests/fixtures/filter-queries.json`, shown in the docs): what readers type,
 * English and German, lay and technical, misspelt and wrapped in filler words, each with the marker the filter must
 * list first, as the page's preview shows it, and the markers (or the whole category) it must also find. The table
 * runs through the same filter as the page and its script, on the bundled catalog with the site's own words.
 */

/** One row of the table. */
interface QueryRow {
  locale: 'en' | 'de';
  query: string;
  /** What kind of word it is: a report abbreviation, a category name, a misspelling… */
  kind: string;
  /** The key of the marker that must come first. */
  first: string;
  /** Keys of markers that must be found too. */
  finds?: string[];
  /** A category (its anchor) every marker of which must be found. */
  category?: string;
}

const ROWS = queries as QueryRow[];
const views: Partial<Record<QueryRow['locale'], CatalogView>> = {};

beforeAll(async () => {
  const panels = await bundledPanels('https://catalog.example');
  const ui = (locale: string) => UiStringsSchema.parse(readUiStrings(locale));
  for (const [locale, other] of [
    ['en', 'de'],
    ['de', 'en'],
  ] as const) {
    views[locale] = buildCatalogView(panels, {
      locale,
      baseUrl: 'https://catalog.example',
      otherCategory: 'Other',
      ...catalogSearchWords(ui(locale), [ui(other)]),
    });
  }
});

/** The keys a view shows for a search, best first (the order of the page's sections and the preview). */
function rankedKeys(view: CatalogView, query: string): string[] {
  const filtered = filterCatalogView(view, new URLSearchParams({ q: query }));
  return filtered.ranked.flatMap((category) =>
    category.markers.filter((marker) => filtered.shown.has(marker.uuid)).map((marker) => marker.key),
  );
}

describe('the filter quality table', () => {
  it('holds at least 40 queries in each language of the guide', () => {
    for (const locale of ['en', 'de']) expect(ROWS.filter((row) => row.locale === locale).length).toBeGreaterThan(40);
  });

  it.each(ROWS.map((row) => [row.locale, row.query, row] as const))('%s "%s"', (_locale, _query, row) => {
    const view = views[row.locale]!;
    const keys = rankedKeys(view, row.query);
    expect(keys[0], `first of ${keys.join(', ')}`).toBe(row.first);
    for (const key of row.finds ?? []) expect(keys).toContain(key);
    if (row.category !== undefined) {
      const members = view.categories.find((category) => category.anchor === row.category)!.markers;
      for (const marker of members) expect(keys).toContain(marker.key);
    }
  });
});
