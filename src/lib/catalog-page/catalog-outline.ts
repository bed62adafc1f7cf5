import type { Paragraph, PhrasingContent, RootContent, TableRow } from 'mdast';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, bulletList, code, strong, table, tableRow, text } from '../markdown/mdast-builders.ts';
import {
  badgeFact,
  callout,
  facts,
  kept,
  onPage,
  pageElement,
  pagePart,
  twinNodes,
  twinOnly,
  type PageAttributes,
} from '../markdown/page-outline.ts';
import { CATALOG_TEMPLATES } from '../schemas/catalog.ts';
import { PANEL_REGIONS } from './biomarker-filter.ts';
import { CATALOG_SECTION_IDS, type CatalogView, type CategoryView, type MarkerView } from './build-catalog-view.ts';
import { filterChoices, shownIn, type FilteredCatalogView } from './filter-catalog-view.ts';
import { markerBadges, markerCountLabel, regionLabel, regionName, unitLabel } from './marker-labels.ts';
import { langAttribute } from './pick-translation.ts';

/** What the biomarker list's outline needs besides the filtered view. */
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
  { ui, listPath }: CatalogOutlineOptions,
  clearUrl: string,
): RootContent {
  const b = ui.browser;
  // The status line: the form's live region on the page, a bold line in the twin.
  const status = b.status.replace('{shown}', String(filtered.shown.size)).replace('{total}', String(filtered.total));
  return pageElement(
    'section',
    [
      keptNode(filtered, 'browser heading', () => anchoredHeading(2, CATALOG_SECTION_IDS.browser, [text(b.heading)])),
      pagePart('BrowserForm', { filtered, ui, listPath, status }),
      keptNode(filtered, 'browser help', () => paragraph([text(b.help)], { class: 'browser-help' })),
      pagePart('BrowserNotice', { filtered, ui }),
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
function panelsOutline(filtered: FilteredCatalogView, ui: CatalogUiStrings): RootContent[] {
  const rows = CATALOG_TEMPLATES.map((template) => [
    [text(ui.panels[template])],
    [code(template)],
    [
      onPage(text(String(filtered.shownCounts[template])), { 'data-shown-count': template }),
      text(` / ${filtered.view.counts[template]}`),
    ],
  ]);
  const overview = table([ui.panelColumn, ui.templateColumn, ui.browser.shownColumn], rows);
  for (const row of overview.children) onPage(row.children[2]!, { class: 'numeric' });
  return [
    keptNode(filtered, 'panels heading', () =>
      anchoredHeading(2, CATALOG_SECTION_IDS.panels, [text(ui.panelsHeading)]),
    ),
    onPage({ ...overview, data: { rowHeaders: true } }, { class: 'panel-overview' }),
    keptNode(filtered, 'badges', () =>
      facts(
        [
          badgeFact(ui.calculated, { class: 'badge badge-calculated' }, [text(ui.calculatedHint)]),
          badgeFact(ui.premium, { class: 'badge badge-premium' }, [text(ui.premiumHint)]),
        ],
        { class: 'badge-key' },
      ),
    ),
  ];
}

/**
 * The index of categories in the catalog's order (the sections below follow a search's ranking), each a link to its
 * section on the page; one without a match in the view is hidden, so the twin lists those with a match (with none, its
 * heading stands alone).
 */
function categoryIndexOutline(filtered: FilteredCatalogView, { ui, locale }: CatalogOutlineOptions): RootContent {
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
    onPage(item, { 'data-category-link': categories[i]!.anchor, hidden: shownIn(categories[i]!, filtered) === 0 }),
  );
  const heading = keptNode(filtered, 'index heading', () =>
    anchoredHeading(2, CATALOG_SECTION_IDS.categories, [text(ui.categoriesHeading)]),
  );
  return pageElement('nav', [heading, index], {
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
 * Each marker's row of its category's table in the twin, made once per marker of a catalog view (its strings and
 * links are the view's): the views printed from one chrome's source share the rows, and the printer their lines.
 */
const keptRows = new WeakMap<MarkerView, TableRow>();

function keptRow(marker: MarkerView, cells: () => PhrasingContent[][]): TableRow {
  let row = keptRows.get(marker);
  if (row === undefined) keptRows.set(marker, (row = tableRow(cells())));
  return row;
}

/**
 * One category: icon (decorative, the page's), name, count and description, then its markers: cards on the page
 * (`browser-html.ts`), a table of those that match in the twin. Hidden when none matches.
 */
function categoryOutline(
  category: CategoryView,
  filtered: FilteredCatalogView,
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
  const shown = matching.length;
  const listUrl = `${baseUrl}${listPath}`;
  // The heading and the description are the same in every view: written once per catalog view.
  return pageElement(
    'section',
    [
      keptNode(filtered, `${category.anchor} heading`, () => onPage(heading, { class: 'category-heading' })),
      paragraph([text(markerCountLabel(shown, locale, ui))], { class: 'category-count', 'data-category-count': '' }),
      ...(description === undefined
        ? []
        : [
            keptNode(filtered, `${category.anchor} description`, () =>
              paragraph([text(description.text)], { lang: langAttribute(description, locale) }),
            ),
          ]),
      pagePart('CategoryMarkers', { category, filtered, locale, ui, listPath }),
      twinOnly([
        table(
          header,
          matching.map((marker) => keptRow(marker, () => markerRow(marker, ui, listUrl, locale))),
        ),
      ]),
    ],
    { class: 'catalog-category', 'data-category': category.anchor, hidden: shown === 0 },
  );
}

/**
 * Each category's section when it shows all its markers in the catalog's order, or none: the same for every view that
 * does (most categories of a search show none), so it is made once per catalog view and kept, and the page writes it
 * once.
 */
const keptSections = new WeakMap<CatalogView, Map<string, RootContent>>();

/** Whether a category shows all its markers in the catalog's order, or none; undefined for any other view of it. */
function sectionState(category: CategoryView, filtered: FilteredCatalogView): 'all' | 'none' | undefined {
  const original = filtered.view.categories.find((c) => c.anchor === category.anchor);
  if (!category.markers.every((marker, i) => marker === original?.markers[i])) return undefined;
  const shown = shownIn(category, filtered);
  return shown === 0 ? 'none' : shown === category.markers.length ? 'all' : undefined;
}

/** The node kept for `key` in `filtered`'s catalog view, made by `make` the first time. */
function keptNode(filtered: FilteredCatalogView, key: string, make: () => RootContent): RootContent {
  let nodes = keptSections.get(filtered.view);
  if (nodes === undefined) keptSections.set(filtered.view, (nodes = new Map()));
  let node = nodes.get(key);
  if (node === undefined) nodes.set(key, (node = kept(make())));
  return node;
}

/** Each category's state in the view, in its order, and the one they all share (if any) with the catalog's order. */
function viewStates(filtered: FilteredCatalogView) {
  const states = filtered.ranked.map((category) => sectionState(category, filtered));
  const inCatalogOrder = filtered.ranked.every(
    (category, i) => category.anchor === filtered.view.categories[i]?.anchor,
  );
  const uniform = inCatalogOrder && states.every((state) => state === states[0]) ? states[0] : undefined;
  return { states, uniform };
}

/**
 * The sections of the view's categories, in its order. When every category shows all its markers in the catalog's
 * order (the unfiltered list), or none does (a search without a match), the whole list of sections is kept.
 */
function categorySections(
  filtered: FilteredCatalogView,
  { states, uniform }: ReturnType<typeof viewStates>,
  options: CatalogOutlineOptions,
): RootContent {
  const sections = () =>
    pageElement(
      'div',
      filtered.ranked.map((category, i) => {
        const state = states[i];
        const section = () => categoryOutline(category, filtered, options);
        return state === undefined ? section() : keptNode(filtered, `${category.anchor} ${state}`, section);
      }),
      { class: 'catalog-sections', id: CATALOG_SECTION_IDS.matches, 'data-catalog-sections': '' },
    );
  return uniform === undefined ? sections() : keptNode(filtered, `sections ${uniform}`, sections);
}

/**
 * The biomarker list's body for one filtered view: the browser, the panels' overview with the badges' key, the index
 * of categories, then a section per category in the view's order, each under a heading anchored as the page anchors
 * it. The page writes it as HTML, a filtered view without Astro (`catalog-views.ts`), and the twin prints it, what the
 * view hides left out.
 */
export function catalogViewOutline(filtered: FilteredCatalogView, options: CatalogOutlineOptions): RootContent[] {
  const clearUrl = `${options.baseUrl}${options.listPath}.md`;
  const states = viewStates(filtered);
  // Views whose categories all show everything or nothing share their counts and their index too.
  const shared = (key: string, make: () => RootContent) =>
    states.uniform === undefined ? make() : keptNode(filtered, `${key} ${states.uniform}`, make);
  const [panelsHeading, panels, badges] = panelsOutline(filtered, options.ui);
  return [
    browserOutline(filtered, options, clearUrl),
    panelsHeading!,
    shared('panels', () => panels!),
    badges!,
    shared('index', () => categoryIndexOutline(filtered, options)),
    categorySections(filtered, states, options),
  ];
}

/** The module scripts the list's page loads after its body: the copy buttons' and the browser's (Astro renders them). */
export const CATALOG_SCRIPTS: readonly RootContent[] = [pagePart('CopyButtonScript'), pagePart('BiomarkerBrowser')];

/** The biomarker list's outline: the view's body, then its scripts. */
export const catalogOutline = (filtered: FilteredCatalogView, options: CatalogOutlineOptions): RootContent[] => [
  ...catalogViewOutline(filtered, options),
  ...CATALOG_SCRIPTS,
];

/** One view's Markdown twin of the list: its outline for that view, what the view hides left out. */
export const catalogTwin = (filtered: FilteredCatalogView, options: CatalogOutlineOptions): RootContent[] =>
  twinNodes(catalogViewOutline(filtered, options));

/** The error state: a warning that the catalog is unavailable, never an empty list (a blockquote in the twin). */
export const catalogUnavailableOutline = (ui: CatalogUiStrings): RootContent[] => [
  callout('warning', ui.unavailableTitle, [paragraph([text(ui.unavailableText)])]),
];
