import type { Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, bulletList, code, strong, table, text } from '../markdown/mdast-builders.ts';
import {
  badgeFact,
  callout,
  facts,
  onPage,
  pageElement,
  pagePart,
  twinNodes,
  twinOnly,
  type PageAttributes,
} from '../markdown/page-outline.ts';
import { CATALOG_TEMPLATES } from '../schemas/catalog.ts';
import { PANEL_REGIONS } from './biomarker-filter.ts';
import { LISTS, viewSlots, type BrowserSlots } from './browser-slots.ts';
import { CATALOG_SECTION_IDS, type CategoryView, type MarkerView } from './build-catalog-view.ts';
import { filterChoices, type FilteredCatalogView } from './filter-catalog-view.ts';
import { markerBadges, regionLabel, regionName, unitLabel } from './marker-labels.ts';
import { langAttribute } from './pick-translation.ts';

/** What the biomarker list's outline needs besides the view and its slots. */
export interface CatalogOutlineOptions {
  locale: string;
  ui: CatalogUiStrings;
  /** The list's path in the page's language: the form's action; each marker's page is below it. */
  listPath: string;
  /** The public origin: the twin's own links are absolute, as the server prints a view's twin without the converter. */
  baseUrl: string;
}

const paragraph = (children: PhrasingContent[], attributes?: PageAttributes): Paragraph => {
  const node: Paragraph = { type: 'paragraph', children };
  return attributes === undefined ? node : onPage(node, attributes);
};

/** A mark of the template the server fills per view (`page-template.ts`): only the page has it, empty for a view. */
const mark = (value: string): RootContent => pagePart('TemplateMark', { mark: value });

/** The twin's browser: its parameters with their values, ignored parameters, the status line, the empty state. */
function browserTwin(filtered: FilteredCatalogView, ui: CatalogUiStrings, status: string, clearUrl: string) {
  const b = ui.browser;
  const values = (list: string[]) => list.flatMap((value, i) => (i === 0 ? [code(value)] : [text(', '), code(value)]));
  const nodes: RootContent[] = [
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
        paragraph([strong(b.ignoredTitle), text(` ${b.ignoredText}`)]),
        bulletList(filtered.ignored.map((entry) => [code(entry.param)])),
      ],
    });
  }
  nodes.push(paragraph([strong(status)]));
  if (filtered.shown.size === 0) {
    nodes.push(paragraph([text(`${b.empty} `), { type: 'link', url: clearUrl, children: [text(b.clear)] }]));
  }
  return nodes;
}

/**
 * The browser: on the page the GET form, its help and the notice of ignored filters (`browser-html.ts`),
 * in the twin the help, the parameters it takes, the notice, the status and the empty state.
 */
function browserOutline(
  filtered: FilteredCatalogView,
  slots: BrowserSlots,
  { ui, listPath }: CatalogOutlineOptions,
  clearUrl: string,
): RootContent {
  const b = ui.browser;
  // The status line: the form's live region on the page, a bold line in the twin.
  const status = b.status.replace('{shown}', slots.shown).replace('{total}', String(filtered.total));
  return pageElement(
    'section',
    [
      anchoredHeading(2, CATALOG_SECTION_IDS.browser, [text(b.heading)]),
      pagePart('BrowserForm', { view: filtered.view, slots, ui, listPath, status }),
      paragraph([text(b.help)], { class: 'browser-help' }),
      pagePart('BrowserNotice', { slots, ui }),
      twinOnly(browserTwin(filtered, ui, status, clearUrl)),
    ],
    {
      class: 'biomarker-browser',
      'aria-labelledby': CATALOG_SECTION_IDS.browser,
      'data-status': b.status,
      'data-count-one': ui.markerCount.one,
      'data-count-other': ui.markerCount.other,
      // How the script reads a search, as the server does (`queryReading`).
      'data-search-fillers': filtered.view.reading.fillers.join(' '),
      'data-search-endings': filtered.view.reading.endings.join(' '),
    },
  );
}

/**
 * The overview: one row per panel with its `template` value and the shown count of all ("12 / 88", one column, so the
 * table still fits a phone), then what the badges mean.
 */
function panelsOutline(filtered: FilteredCatalogView, slots: BrowserSlots, ui: CatalogUiStrings): RootContent[] {
  const rows = CATALOG_TEMPLATES.map((template) => [
    [text(ui.panels[template])],
    [code(template)],
    [
      onPage(text(slots.shownCount(template)), { 'data-shown-count': template }),
      text(` / ${filtered.view.counts[template]}`),
    ],
  ]);
  const overview = table([ui.panelColumn, ui.templateColumn, ui.browser.shownColumn], rows);
  for (const row of overview.children) onPage(row.children[2]!, { class: 'numeric' });
  return [
    anchoredHeading(2, CATALOG_SECTION_IDS.panels, [text(ui.panelsHeading)]),
    onPage({ ...overview, data: { rowHeaders: true } }, { class: 'panel-overview' }),
    facts(
      [
        badgeFact(ui.calculated, { class: 'badge badge-calculated' }, [text(ui.calculatedHint)]),
        badgeFact(ui.premium, { class: 'badge badge-premium' }, [text(ui.premiumHint)]),
      ],
      { class: 'badge-key' },
    ),
  ];
}

/**
 * The index of categories in the catalog's order (the sections below follow a search's ranking), each a link to its
 * section on the page; one without a match in the view is hidden, so the twin lists those with a match (with none, its
 * heading stands alone).
 */
function categoryIndexOutline(
  filtered: FilteredCatalogView,
  slots: BrowserSlots,
  { ui, locale }: CatalogOutlineOptions,
): RootContent {
  const { categories } = filtered.view;
  const index = bulletList(
    categories.map((category) => [
      pageElement('a', [text(category.name.text)], {
        href: `#${category.anchor}`,
        lang: langAttribute(category.name, locale),
      }),
    ]),
  );
  index.children.forEach((item, i) =>
    onPage(item, { 'data-category-link': categories[i]!.anchor, ...slots.linkHidden(categories[i]!) }),
  );
  return pageElement('nav', [anchoredHeading(2, CATALOG_SECTION_IDS.categories, [text(ui.categoriesHeading)]), index], {
    class: 'category-index',
    'aria-labelledby': CATALOG_SECTION_IDS.categories,
  });
}

/**
 * One marker's row in the twin: name (linked to its page's Markdown twin) and badges, uuid, unit, the panels of each
 * region, description.
 */
function markerRow(marker: MarkerView, ui: CatalogUiStrings, listUrl: string, locale: string): PhrasingContent[][] {
  const badges = markerBadges(marker, ui).map((badge) => badge.label);
  // Its page's Markdown twin: the reader of this file reads Markdown.
  const name: PhrasingContent[] = [
    { type: 'link', url: `${listUrl}/${marker.key}.md`, children: [text(marker.name.text)] },
  ];
  if (badges.length > 0) name.push(text(' '), { type: 'emphasis', children: [text(`(${badges.join(', ')})`)] });
  return [
    name,
    [code(marker.uuid)],
    [text(unitLabel(marker, ui, locale))],
    ...PANEL_REGIONS.map((region) => [text(regionLabel(marker, region, ui))]),
    [text(marker.description?.text ?? '')],
  ];
}

/**
 * One category: icon (decorative, the page's), name, count and description, then its markers: cards on the page
 * (`browser-html.ts`), a table of those that match in the twin. Hidden when none matches.
 */
function categoryOutline(
  category: CategoryView,
  filtered: FilteredCatalogView,
  slots: BrowserSlots,
  { locale, ui, listPath, baseUrl }: CatalogOutlineOptions,
): RootContent {
  const { name, description } = category;
  const icon = category.iconPath === undefined ? [] : [pagePart('CategoryIcon', { src: category.iconPath })];
  // "On this page" lists the category index, not each category: the index hides those a view has no match in.
  const heading = anchoredHeading(
    2,
    category.anchor,
    [...icon, onPage(text(name.text), { lang: langAttribute(name, locale) })],
    { inContents: false },
  );
  const header = [
    ui.markerColumn,
    ui.browser.uuid,
    ui.unit,
    ...PANEL_REGIONS.map((region) => regionName(region, ui)),
    ui.descriptionColumn,
  ];
  const matching = category.markers.filter((marker) => filtered.shown.has(marker.uuid));
  const listUrl = `${baseUrl}${listPath}`;
  return pageElement(
    'section',
    [
      onPage(heading, { class: 'category-heading' }),
      paragraph([text(slots.countText(category))], { class: 'category-count', 'data-category-count': '' }),
      ...(description === undefined
        ? []
        : [paragraph([text(description.text)], { lang: langAttribute(description, locale) })]),
      pagePart('CategoryMarkers', { category, slots, locale, ui, listPath }),
      twinOnly([
        table(
          header,
          matching.map((marker) => markerRow(marker, ui, listUrl, locale)),
        ),
      ]),
    ],
    { class: 'catalog-category', 'data-category': category.anchor, ...slots.sectionHidden(category) },
  );
}

/**
 * The biomarker list's outline: the browser, the panels' overview with the badges' key, the index of categories, then
 * a section per category, each under a heading anchored as the page anchors it. What depends on the query comes from
 * `slots` (`browser-slots.ts`): one view's values, or the marks of the template the server fills per view; the twin is
 * printed from a view's (`catalogTwin`), what the view hides left out. The page, its Markdown twin and its table of
 * contents are rendered from it.
 */
export function catalogOutline(
  filtered: FilteredCatalogView,
  slots: BrowserSlots,
  options: CatalogOutlineOptions,
): RootContent[] {
  const clearUrl = `${options.baseUrl}${options.listPath}.md`;
  return [
    browserOutline(filtered, slots, options, clearUrl),
    ...panelsOutline(filtered, slots, options.ui),
    categoryIndexOutline(filtered, slots, options),
    pageElement(
      'div',
      [
        mark(slots.listStart(LISTS.categories)),
        ...slots.categories.flatMap((category) => [
          mark(slots.itemStart(category.anchor)),
          categoryOutline(category, filtered, slots, options),
          mark(slots.itemEnd),
        ]),
        mark(slots.listEnd),
      ],
      { class: 'catalog-sections', id: CATALOG_SECTION_IDS.matches, 'data-catalog-sections': '' },
    ),
    pagePart('CopyButtonScript'),
    pagePart('BiomarkerBrowser'),
  ];
}

/** One view's Markdown twin of the list: its outline for that view, what the view hides left out. */
export const catalogTwin = (filtered: FilteredCatalogView, options: CatalogOutlineOptions): RootContent[] =>
  twinNodes(catalogOutline(filtered, viewSlots(filtered, options.locale, options.ui), options));

/** The error state: a warning that the catalog is unavailable, never an empty list (a blockquote in the twin). */
export const catalogUnavailableOutline = (ui: CatalogUiStrings): RootContent[] => [
  callout('warning', ui.unavailableTitle, [paragraph([text(ui.unavailableText)])]),
];
