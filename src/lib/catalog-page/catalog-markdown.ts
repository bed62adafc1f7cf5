import type { PhrasingContent, RootContent } from 'mdast';
import { anchoredHeading, bulletList, code, strong, text, table } from '../markdown/mdast-builders.ts';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { CATALOG_TEMPLATES } from '../schemas/catalog.ts';
import { CATALOG_SECTION_IDS, type CategoryView, type MarkerView } from './build-catalog-view.ts';
import { filterChoices, shownIn, type FilteredCatalogView } from './filter-catalog-view.ts';
import { markerBadges, markerCountLabel, regionLabel, regionName, unitLabel } from './marker-labels.ts';
import { PANEL_REGIONS } from './biomarker-filter.ts';

/** The overview: one row per panel with its `template` value and shown count of all ("12 / 88"), then the badges' key. */
function panelsMarkdown(filtered: FilteredCatalogView, ui: CatalogUiStrings): RootContent[] {
  const rows = CATALOG_TEMPLATES.map((template) => [
    [text(ui.panels[template])],
    [code(template)],
    [text(`${filtered.shownCounts[template]} / ${filtered.view.counts[template]}`)],
  ]);
  return [
    anchoredHeading(2, CATALOG_SECTION_IDS.panels, [text(ui.panelsHeading)]),
    table([ui.panelColumn, ui.templateColumn, ui.browser.shownColumn], rows),
    bulletList([
      [strong(ui.calculated), text(`: ${ui.calculatedHint}`)],
      [strong(ui.premium), text(`: ${ui.premiumHint}`)],
    ]),
  ];
}

/**
 * One marker's row: name (linked to its page's Markdown twin) and badges, uuid, unit, the panels of each region,
 * description.
 */
function markerRow(marker: MarkerView, ui: CatalogUiStrings, listUrl: string): PhrasingContent[][] {
  const badges = markerBadges(marker, ui).map((badge) => badge.label);
  // Its page's Markdown twin: the reader of this file reads Markdown.
  const name: PhrasingContent[] = [
    { type: 'link', url: `${listUrl}/${marker.key}.md`, children: [text(marker.name.text)] },
  ];
  if (badges.length > 0) name.push(text(' '), { type: 'emphasis', children: [text(`(${badges.join(', ')})`)] });
  return [
    name,
    [{ type: 'inlineCode', value: marker.uuid }],
    [text(unitLabel(marker, ui))],
    ...PANEL_REGIONS.map((region) => [text(regionLabel(marker, region, ui))]),
    [text(marker.description?.text ?? '')],
  ];
}

/** One category: its heading, count and description, and a table of its markers that match; nothing if none does. */
function categoryMarkdown(
  category: CategoryView,
  filtered: FilteredCatalogView,
  locale: string,
  ui: CatalogUiStrings,
  listUrl: string,
): RootContent[] {
  const markers = category.markers.filter((marker) => filtered.shown.has(marker.uuid));
  if (markers.length === 0) return [];
  const count = markerCountLabel(markers.length, locale, ui);
  const lead = category.description === undefined ? `${count}.` : `${count}. ${category.description.text}`;
  const header = [
    ui.markerColumn,
    ui.browser.uuid,
    ui.unit,
    ...PANEL_REGIONS.map((r) => regionName(r, ui)),
    ui.descriptionColumn,
  ];
  return [
    anchoredHeading(2, category.anchor, [text(category.name.text)]),
    { type: 'paragraph', children: [text(lead)] },
    table(
      header,
      markers.map((marker) => markerRow(marker, ui, listUrl)),
    ),
  ];
}

/**
 * The index of categories, as the page's: every category with a match, in the catalog's order (the sections below
 * follow a search's ranking).
 */
function categoryIndexMarkdown(filtered: FilteredCatalogView, ui: CatalogUiStrings): RootContent[] {
  const matching = filtered.view.categories.filter((category) => shownIn(category, filtered) > 0);
  return [
    anchoredHeading(2, CATALOG_SECTION_IDS.categories, [text(ui.categoriesHeading)]),
    // With nothing matching, the heading stands alone, as on the page.
    ...(matching.length === 0 ? [] : [bulletList(matching.map((category) => [text(category.name.text)]))]),
  ];
}

/** The browser's part: its parameters with their values, the status line, ignored parameters, the empty state. */
function browserMarkdown(filtered: FilteredCatalogView, ui: CatalogUiStrings, clearUrl: string): RootContent[] {
  const b = ui.browser;
  const values = (list: string[]) => list.flatMap((value, i) => (i === 0 ? [code(value)] : [text(', '), code(value)]));
  const status = b.status.replace('{shown}', String(filtered.shown.size)).replace('{total}', String(filtered.total));
  const nodes: RootContent[] = [
    anchoredHeading(2, CATALOG_SECTION_IDS.browser, [text(b.heading)]),
    { type: 'paragraph', children: [text(b.help)] },
    bulletList([
      [code('q'), text(` (${b.searchLabel})`)],
      ...filterChoices(filtered.view, ui).map(({ param, label, options }) => [
        code(param),
        text(` (${label}): `),
        ...values(options.map((option) => option.value)),
      ]),
    ]),
  ];
  if (filtered.ignored.length > 0) {
    nodes.push({
      type: 'blockquote',
      children: [
        { type: 'paragraph', children: [strong(b.ignoredTitle), text(` ${b.ignoredText}`)] },
        bulletList(filtered.ignored.map((entry) => [code(entry.param)])),
      ],
    });
  }
  nodes.push({ type: 'paragraph', children: [strong(status)] });
  if (filtered.shown.size === 0) {
    nodes.push({
      type: 'paragraph',
      children: [text(`${b.empty} `), { type: 'link', url: clearUrl, children: [text(b.clear)] }],
    });
  }
  return nodes;
}

/**
 * The catalog as the twin's Markdown, filtered as the HTML is: parameters and status, panel overview, the index of
 * categories, then a table per matching category, each name linking `<listUrl>/<key>`. `clearUrl` is the unfiltered
 * twin. Its sections are the page's, anchored as the page anchors them: the page's table of contents
 * (`outlineHeadings`).
 */
export function catalogMarkdown(
  filtered: FilteredCatalogView,
  locale: string,
  ui: CatalogUiStrings,
  urls: { listUrl: string; clearUrl: string },
): RootContent[] {
  return [
    ...browserMarkdown(filtered, ui, urls.clearUrl),
    ...panelsMarkdown(filtered, ui),
    ...categoryIndexMarkdown(filtered, ui),
    ...filtered.ranked.flatMap((category) => categoryMarkdown(category, filtered, locale, ui, urls.listUrl)),
  ];
}

/** The error state as Markdown: a blockquote that says the catalog is unavailable, never an empty list. */
export function catalogUnavailableMarkdown(ui: CatalogUiStrings): RootContent[] {
  return [
    {
      type: 'blockquote',
      children: [
        { type: 'paragraph', children: [strong(ui.unavailableTitle)] },
        { type: 'paragraph', children: [text(ui.unavailableText)] },
      ],
    },
  ];
}
