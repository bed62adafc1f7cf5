import type { ElementContent } from 'hast';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { element, properties, textHtml } from '../markdown/outline-html.ts';
import { MAX_QUERY_LENGTH, PANEL_REGIONS } from './biomarker-filter.ts';
import { LISTS, type BrowserSlots } from './browser-slots.ts';
import { CATALOG_SECTION_IDS, type CatalogView, type CategoryView } from './build-catalog-view.ts';
import { copyButton } from './copy-button.ts';
import { filterChoices } from './filter-catalog-view.ts';
import { markerBadges, regionLabel, regionName, unitLabel } from './marker-labels.ts';
import { langAttribute } from './pick-translation.ts';

/*
 * The biomarker browser's parts only the page shows, as hast: the GET form, the notice of ignored filters, each
 * category's marker cards and its icon. What depends on the query comes from `slots` (`browser-slots.ts`). The twin
 * lists the parameters and a table per category instead (`catalog-outline.ts`).
 */

const p = (props: Record<string, unknown>, children: ElementContent[]) => element('p', properties(props), children);

/** One of the form's selects: a filter with "any" first, the view's choice selected. */
function filterSelect(choice: ReturnType<typeof filterChoices>[number], slots: BrowserSlots): ElementContent {
  const id = `browser-${choice.param}`;
  const options = choice.options.map((option) =>
    element('option', { value: option.value, ...properties(slots.selected(choice.param, option.value)) }, [
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

/** What the form takes besides the slots. */
export interface BrowserFormProps {
  view: CatalogView;
  slots: BrowserSlots;
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
export function browserForm({ view, slots, ui, listPath, status }: BrowserFormProps): ElementContent[] {
  const b = ui.browser;
  const search = element('div', { class: 'browser-field browser-search' }, [
    element('label', { for: 'browser-q' }, [textHtml(b.searchLabel)]),
    element('input', {
      id: 'browser-q',
      name: 'q',
      type: 'search',
      ...properties(slots.value),
      maxlength: MAX_QUERY_LENGTH,
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': 'browser-q-hint',
    }),
    p({ class: 'browser-status' }, [
      element('span', { id: 'browser-status', role: 'status' }, [textHtml(status)]),
      element(
        'a',
        { href: `#${CATALOG_SECTION_IDS.matches}`, class: 'browser-jump', ...properties(slots.jumpHidden) },
        [textHtml(b.jump)],
      ),
    ]),
    p({ class: 'browser-empty', ...slots.emptyHidden }, [
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
        ...filterChoices(view, ui).map((choice) => filterSelect(choice, slots)),
        element('div', { class: 'browser-actions' }, [
          element('button', { type: 'submit' }, [textHtml(b.apply)]),
          element('a', { href: listPath }, [textHtml(b.clear)]),
        ]),
      ],
    ),
  ];
}

/**
 * The notice that names the filters whose values the page does not know and so ignored; shown only when there are
 * some (a list of the template the server fills per view).
 */
export function browserNotice({ slots, ui }: { slots: BrowserSlots; ui: CatalogUiStrings }): ElementContent[] {
  const b = ui.browser;
  const ignored = slots.ignored.flatMap((param) => [
    textHtml(slots.itemStart(param)),
    element('li', {}, [element('code', {}, [textHtml(param)])]),
    textHtml(slots.itemEnd),
  ]);
  const notice = [
    textHtml(slots.itemStart('on')),
    element('div', { class: 'browser-notice', 'data-ignored': true }, [
      element('p', {}, [element('strong', {}, [textHtml(b.ignoredTitle)])]),
      element('p', {}, [textHtml(b.ignoredText)]),
      element('ul', {}, [textHtml(slots.listStart(LISTS.ignored)), ...ignored, textHtml(slots.listEnd)]),
    ]),
    textHtml(slots.itemEnd),
  ];
  return [textHtml(slots.listStart(LISTS.notice)), ...(slots.notice ? notice : []), textHtml(slots.listEnd)];
}

/** A category's icon in its heading: decorative (empty `alt`), its name follows. */
export const categoryIcon = ({ src }: { src: string }): ElementContent[] => [
  element('img', { class: 'category-icon', src, alt: '', width: 32, height: 32 }),
];

/** What a category's cards take. */
export interface CategoryMarkersProps {
  category: CategoryView;
  slots: BrowserSlots;
  locale: string;
  ui: CatalogUiStrings;
  /** Path of the list: each marker's page is below it. */
  listPath: string;
}

/**
 * A category's markers as cards. Each marker is found by its key as the fragment: name (linking its page) and badges,
 * description, unit, the panels of each region that carry it, and its uuid with a copy button. Its `data-*` attributes
 * are what the script filters on (`FilterableMarker`); it is `hidden` when it does not match the page's filters.
 */
export function categoryMarkers({ category, slots, locale, ui, listPath }: CategoryMarkersProps): ElementContent[] {
  const fact = (label: string, value: string, props: Record<string, unknown> = {}) =>
    element('div', properties(props), [element('dt', {}, [textHtml(label)]), element('dd', {}, [textHtml(value)])]);
  const cards = slots.markers(category).flatMap((marker) => {
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
    const card = element(
      'li',
      properties({
        class: 'marker',
        id: marker.key,
        ...slots.markerHidden(marker),
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
    return [textHtml(slots.itemStart(marker.uuid)), card, textHtml(slots.itemEnd)];
  });
  return [
    element('ul', { class: 'marker-list' }, [
      textHtml(slots.listStart(LISTS.markers(category.anchor))),
      ...cards,
      textHtml(slots.listEnd),
    ]),
  ];
}
