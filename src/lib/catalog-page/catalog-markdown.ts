import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import { text, table } from '../markdown/mdast-builders.ts';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { CATALOG_TEMPLATES } from '../schemas/catalog.ts';
import type { CatalogView, CategoryView, MarkerView } from './build-catalog-view.ts';
import { markerBadges, markerCountLabel, regionLabel, regionName, unitLabel } from './marker-labels.ts';
import { PANEL_REGIONS } from './panel-kinds.ts';

/** The overview: one row per panel with its `template` value and marker count, then the badges' key. */
function panelsMarkdown(view: CatalogView, ui: CatalogUiStrings): RootContent[] {
  const rows = CATALOG_TEMPLATES.map((template) => [
    [text(ui.panels[template])],
    [{ type: 'inlineCode' as const, value: template }],
    [text(String(view.counts[template]))],
  ]);
  const key = (label: string, hint: string): BlockContent => ({
    type: 'paragraph',
    children: [{ type: 'strong', children: [text(label)] }, text(`: ${hint}`)],
  });
  return [
    { type: 'heading', depth: 2, children: [text(ui.panelsHeading)] },
    table([ui.panelColumn, ui.templateColumn, ui.countColumn], rows),
    {
      type: 'list',
      ordered: false,
      spread: false,
      children: [
        { type: 'listItem', spread: false, children: [key(ui.calculated, ui.calculatedHint)] },
        { type: 'listItem', spread: false, children: [key(ui.premium, ui.premiumHint)] },
      ],
    },
  ];
}

/** One marker's row: name (linked to its page) and badges, unit, the panels of each region, description. */
function markerRow(marker: MarkerView, ui: CatalogUiStrings, listUrl: string): PhrasingContent[][] {
  const badges = markerBadges(marker, ui).map((badge) => badge.label);
  const name: PhrasingContent[] = [
    { type: 'link', url: `${listUrl}/${marker.key}`, children: [text(marker.name.text)] },
  ];
  if (badges.length > 0) name.push(text(' '), { type: 'emphasis', children: [text(`(${badges.join(', ')})`)] });
  return [
    name,
    [text(unitLabel(marker, ui))],
    ...PANEL_REGIONS.map((region) => [text(regionLabel(marker, region, ui))]),
    [text(marker.description?.text ?? '')],
  ];
}

/** One category: its heading, count and description, and a table of its markers. */
function categoryMarkdown(
  category: CategoryView,
  locale: string,
  ui: CatalogUiStrings,
  listUrl: string,
): RootContent[] {
  const count = markerCountLabel(category.markers.length, locale, ui);
  const lead = category.description === undefined ? `${count}.` : `${count}. ${category.description.text}`;
  const header = [ui.markerColumn, ui.unit, ...PANEL_REGIONS.map((r) => regionName(r, ui)), ui.descriptionColumn];
  return [
    { type: 'heading', depth: 2, children: [text(category.name.text)] },
    { type: 'paragraph', children: [text(lead)] },
    table(
      header,
      category.markers.map((marker) => markerRow(marker, ui, listUrl)),
    ),
  ];
}

/**
 * The catalog as Markdown nodes for the page's Markdown twin: the panel overview, then
 * an H2 per category with a table of its markers (name, unit, EU and UK panels,
 * description), each name linking its page at `<listUrl>/<key>`. Icons are decorative and
 * left out.
 */
export function catalogMarkdown(
  view: CatalogView,
  locale: string,
  ui: CatalogUiStrings,
  listUrl: string,
): RootContent[] {
  return [
    ...panelsMarkdown(view, ui),
    ...view.categories.flatMap((category) => categoryMarkdown(category, locale, ui, listUrl)),
  ];
}

/** The error state as Markdown: a blockquote that says the catalog is unavailable, never an empty list. */
export function catalogUnavailableMarkdown(ui: CatalogUiStrings): RootContent[] {
  return [
    {
      type: 'blockquote',
      children: [
        { type: 'paragraph', children: [{ type: 'strong', children: [text(ui.unavailableTitle)] }] },
        { type: 'paragraph', children: [text(ui.unavailableText)] },
      ],
    },
  ];
}
