import type { Element, ElementContent } from 'hast';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { element, hastHtml, properties, rawHtml, textHtml, type PartBuilder } from '../markdown/outline-html.ts';
import { MAX_QUERY_LENGTH, PANEL_REGIONS } from './biomarker-filter.ts';
import { CATALOG_SECTION_IDS, type CatalogView, type CategoryView, type MarkerView } from './build-catalog-view.ts';
import { copyButton } from './copy-button.ts';
import { filterChoices, type FilteredCatalogView } from './filter-catalog-view.ts';
import { markerBadges, regionLabel, regionName, unitLabel } from './marker-labels.ts';
import { langAttribute } from './pick-translation.ts';

/*
 * The biomarker browser's parts only the page shows, as hast: the GET form, the notice of ignored filters, each
 * category's marker cards and its icon, for one filtered view. The twin lists the parameters and a table per category
 * instead (`catalog-outline.ts`).
 */

const p = (props: Record<string, unknown>, children: ElementContent[]) => element('p', properties(props), children);

/** One of the form's selects: a filter with "any" first, the view's choice selected. */
function filterSelect(choice: ReturnType<typeof filterChoices>[number], chosen: URLSearchParams): ElementContent {
  const id = `browser-${choice.param}`;
  const options = choice.options.map((option) =>
    element('option', properties({ value: option.value, selected: option.value === chosen.get(choice.param) }), [
      textHtml(option.label),
    ]),
  );
  return element('div', { class: 'browser-field' }, [
    element('label', { for: id }, [textHtml(choice.label)]),
    element('select', { id, name: choice.param }, [
      element('option', { value: '' }, [textHtml(choice.any)]),
      ...options,
    ]),
  ]);
}

/**
 * Each select's HTML per value chosen, written the first time a view of the catalog view chooses it: a view's query is
 * canonical (an unknown value is ignored), so there are as many as the select has values, plus none.
 */
const writtenSelects = new WeakMap<CatalogView, Map<string, string>>();

function selectHtml(view: CatalogView, choice: ReturnType<typeof filterChoices>[number], chosen: URLSearchParams) {
  let selects = writtenSelects.get(view);
  if (selects === undefined) writtenSelects.set(view, (selects = new Map()));
  const key = `${choice.param}=${chosen.get(choice.param) ?? ''}`;
  let html = selects.get(key);
  if (html === undefined) selects.set(key, (html = hastHtml(filterSelect(choice, chosen))));
  return html;
}

/** What the form takes. */
interface BrowserFormProps {
  filtered: FilteredCatalogView;
  ui: CatalogUiStrings;
  /** Path of the list, the form's action. */
  listPath: string;
  /** The status line ("Showing 12 of 90 biomarkers."). */
  status: string;
}

/**
 * The browser's GET form: the server applies its query (so it works without JavaScript, and every view has a
 * shareable URL), and its module script (`BiomarkerBrowser.astro`) filters as the reader types with the same rules.
 * The search field with the live status, the link down to the matches, the empty state (which names the site search,
 * and with the script offers it for the same words) and the preview of a search's best matches; a select per filter;
 * apply and clear.
 */
function browserForm({ filtered, ui, listPath, status }: BrowserFormProps): ElementContent[] {
  const b = ui.browser;
  const nothing = filtered.shown.size === 0;
  // The form shows the view's canonical query: an ignored value (`unknown`) selects no option.
  const chosen = new URLSearchParams(filtered.query);
  const search = element('div', { class: 'browser-field browser-search' }, [
    element('label', { for: 'browser-q' }, [textHtml(b.searchLabel)]),
    element('input', {
      id: 'browser-q',
      name: 'q',
      type: 'search',
      ...properties({ value: filtered.filter.q }),
      maxlength: MAX_QUERY_LENGTH,
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': 'browser-q-hint',
    }),
    p({ class: 'browser-status' }, [
      element('span', { id: 'browser-status', role: 'status' }, [textHtml(status)]),
      element('a', properties({ href: `#${CATALOG_SECTION_IDS.matches}`, class: 'browser-jump', hidden: nothing }), [
        textHtml(b.jump),
      ]),
    ]),
    p({ class: 'browser-empty', hidden: !nothing }, [
      textHtml(`${b.empty} `),
      element('a', { href: listPath }, [textHtml(b.clear)]),
      textHtml(' '),
      element('span', { 'data-site-search-hint': true }, [textHtml(b.siteSearchHint)]),
      element('button', { type: 'button', class: 'browser-site-search', 'data-site-search': true, hidden: true }, [
        textHtml(b.siteSearch),
      ]),
    ]),
    element('ol', { class: 'browser-preview', 'aria-label': b.preview, 'data-preview': true, hidden: true }),
    p({ id: 'browser-q-hint', class: 'browser-hint' }, [textHtml(b.searchHint)]),
  ]);
  return [
    element(
      'form',
      {
        class: 'browser-form',
        method: 'get',
        action: listPath,
        role: 'search',
        'aria-labelledby': CATALOG_SECTION_IDS.browser,
      },
      [
        search,
        ...filterChoices(filtered.view, ui).map((choice) => rawHtml(selectHtml(filtered.view, choice, chosen))),
        element('div', { class: 'browser-actions' }, [
          element('button', { type: 'submit' }, [textHtml(b.apply)]),
          element('a', { href: listPath }, [textHtml(b.clear)]),
        ]),
      ],
    ),
  ];
}

/** The notice that names the filters whose values the page does not know and so ignored; only when there are some. */
function browserNotice({ filtered, ui }: { filtered: FilteredCatalogView; ui: CatalogUiStrings }): ElementContent[] {
  const b = ui.browser;
  if (filtered.ignored.length === 0) return [];
  return [
    element('div', { class: 'browser-notice', 'data-ignored': true }, [
      element('p', {}, [element('strong', {}, [textHtml(b.ignoredTitle)])]),
      element('p', {}, [textHtml(b.ignoredText)]),
      element(
        'ul',
        {},
        filtered.ignored.map((entry) => element('li', {}, [element('code', {}, [textHtml(entry.param)])])),
      ),
    ]),
  ];
}

/** A category's icon in its heading: decorative (empty `alt`), its name follows. */
const categoryIcon = ({ src }: { src: string }): ElementContent[] => [
  element('img', { class: 'category-icon', src, alt: '', width: 32, height: 32 }),
];

/** What a category's cards take. */
interface CategoryMarkersProps {
  category: CategoryView;
  filtered: FilteredCatalogView;
  locale: string;
  ui: CatalogUiStrings;
  /** Path of the list: each marker's page is below it. */
  listPath: string;
}

/** What a marker's card is written with besides the marker: the same for every marker of one catalog view. */
type CardOptions = Pick<CategoryMarkersProps, 'locale' | 'ui' | 'listPath'>;

/**
 * One marker's card, found by its key as the fragment: name (linking its page) and badges, description, unit, the
 * panels of each region that carry it, and its uuid with a copy button. Its `data-*` attributes are what the script
 * filters on (`FilterableMarker`); it is `hidden` when it does not match the page's filters.
 */
function markerCard(marker: MarkerView, hidden: boolean, { locale, ui, listPath }: CardOptions): Element {
  const fact = (label: string, value: string, props: Record<string, unknown> = {}) =>
    element('div', properties(props), [element('dt', {}, [textHtml(label)]), element('dd', {}, [textHtml(value)])]);
  const badges = markerBadges(marker, ui);
  const head = element('div', { class: 'marker-head' }, [
    element('h3', properties({ lang: langAttribute(marker.name, locale) }), [
      element('a', { href: `${listPath}/${marker.key}` }, [textHtml(marker.name.text)]),
    ]),
    ...(badges.length === 0
      ? []
      : [
          element(
            'ul',
            { class: 'marker-badges', 'aria-label': ui.badges },
            badges.map((badge) => element('li', { class: `badge badge-${badge.kind}` }, [textHtml(badge.label)])),
          ),
        ]),
  ]);
  const description =
    marker.description === undefined
      ? []
      : [
          element('p', properties({ class: 'marker-description', lang: langAttribute(marker.description, locale) }), [
            textHtml(marker.description.text),
          ]),
        ];
  const uuid = element('div', { class: 'marker-uuid' }, [
    element('dt', {}, [textHtml(ui.browser.uuid)]),
    element('dd', {}, [
      element('code', {}, [textHtml(marker.uuid)]),
      ...copyButton({
        text: marker.uuid,
        label: ui.browser.copy,
        name: `${ui.browser.copy}: ${marker.name.text}`,
        copied: ui.browser.copied,
      }),
    ]),
  ]);
  return element(
    'li',
    properties({
      class: 'marker',
      id: marker.key,
      hidden,
      'data-search': marker.search,
      'data-uuid': marker.uuid,
      'data-panels': marker.templates.join(' '),
      'data-category': marker.category,
      'data-calculated': String(marker.calculated),
      'data-premium': marker.premiumIn.join(' '),
    }),
    [
      head,
      ...description,
      element('dl', { class: 'marker-facts not-content' }, [
        fact(ui.unit, unitLabel(marker, ui, locale)),
        ...PANEL_REGIONS.map((region) => fact(regionName(region, ui), regionLabel(marker, region, ui))),
        uuid,
      ]),
    ],
  );
}

/**
 * Each marker's card as HTML, shown and hidden, written the first time a view asks: a marker of one catalog view
 * always has the same card (its options are the view's), so the views written from one chrome's source share them and
 * a view costs its filter and the joining of its cards.
 */
const writtenCards = new WeakMap<MarkerView, { shown?: string; hidden?: string }>();

function cardHtml(marker: MarkerView, hidden: boolean, options: CardOptions): string {
  let written = writtenCards.get(marker);
  if (written === undefined) writtenCards.set(marker, (written = {}));
  const key = hidden ? 'hidden' : 'shown';
  return (written[key] ??= hastHtml(markerCard(marker, hidden, options)));
}

/** A category's markers as cards, those the view does not match hidden. */
function categoryMarkers({ category, filtered, ...options }: CategoryMarkersProps): ElementContent[] {
  const cards = category.markers.map((marker) => rawHtml(cardHtml(marker, !filtered.shown.has(marker.uuid), options)));
  return [element('ul', { class: 'marker-list' }, cards)];
}

/** The list's page parts written as HTML, by the name its outline's `pagePart` gives (`catalog-outline.ts`). */
export const CATALOG_PART_HTML: Readonly<Record<string, PartBuilder>> = {
  BrowserForm: (props) => browserForm(props as unknown as BrowserFormProps),
  BrowserNotice: (props) => browserNotice(props as unknown as { filtered: FilteredCatalogView; ui: CatalogUiStrings }),
  CategoryIcon: (props) => categoryIcon(props as { src: string }),
  CategoryMarkers: (props) => categoryMarkers(props as unknown as CategoryMarkersProps),
};
