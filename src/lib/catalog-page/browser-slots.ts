import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { escapeHtml } from '../http/html-escape.ts';
import type { CatalogTemplate } from '../schemas/catalog.ts';
import type { CatalogView, CategoryView, MarkerView } from './build-catalog-view.ts';
import { shownIn, type FilteredCatalogView } from './filter-catalog-view.ts';
import { markerCountLabel } from './marker-labels.ts';
import { MARKS, SLOT_ATTRIBUTE, type TemplateFills } from './page-template.ts';

/*
 * Everything of the biomarker browser's markup that depends on the query, given to its components either as one
 * view's values or as the marks of a template (`page-template.ts`) that the server fills per view with
 * `browserFills`: the same components render both, so a filled template is the page Astro renders for that view.
 */

/** The query a template of the browser's page is rendered for: no client query normalizes to it. */
export const TEMPLATE_QUERY = 'browser-template=1';

/** Whether a page is rendered as the browser's template rather than one view. */
export const isTemplateQuery = (query: URLSearchParams): boolean => query.get('browser-template') === '1';

/** Attributes to spread on an element: a boolean attribute, or the template's slot for it. */
type Attributes = Record<string, boolean | string>;

/** What the browser's components write where a view differs. */
export interface BrowserSlots {
  /** The search input's `value` attribute. */
  value: Attributes;
  selected(param: string, value: string): Attributes;
  /** The ignored parameters' notice: the parameters listed, and whether it shows. */
  notice: boolean;
  ignored: readonly string[];
  /** Shown markers in the status line. */
  shown: string;
  emptyHidden: Attributes;
  /** The status line's link down to the list: hidden when nothing matches. */
  jumpHidden: Attributes;
  shownCount(template: CatalogTemplate): string;
  linkHidden(category: CategoryView): Attributes;
  /** Categories, and markers in each, in display order. */
  categories: readonly CategoryView[];
  markers(category: CategoryView): readonly MarkerView[];
  sectionHidden(category: CategoryView): Attributes;
  countText(category: CategoryView): string;
  markerHidden(marker: MarkerView): Attributes;
  /** Marks around lists and their items: empty for a view. */
  listStart(name: string): string;
  listEnd: string;
  itemStart(key: string): string;
  itemEnd: string;
}

/** The parameters the notice may name, in the order a query lists them. */
const IGNORABLE = ['region', 'panel', 'category', 'calculated', 'premium'];

/** The slot names of the browser's template, shared by the template and the fills. */
const SLOT = {
  selected: (param: string, value: string) => `selected:${param}:${value}`,
  shownCount: (template: string) => `shown:${template}`,
  link: (anchor: string) => `link:${anchor}`,
  section: (anchor: string) => `section:${anchor}`,
  count: (anchor: string) => `count:${anchor}`,
  markers: (anchor: string) => `markers:${anchor}`,
  marker: (uuid: string) => `marker:${uuid}`,
};

const flag = (name: string, on: boolean): Attributes => ({ [name]: on });
const slotAttribute = (name: string): Attributes => ({ [SLOT_ATTRIBUTE]: name });
const noMarks = { listStart: () => '', listEnd: '', itemStart: () => '', itemEnd: '' };

/** The values of one view, as Astro renders it. */
export function viewSlots(filtered: FilteredCatalogView, locale: string, ui: CatalogUiStrings): BrowserSlots {
  // The form shows the view's canonical query: an ignored value (`unknown`) selects no option.
  const chosen = new URLSearchParams(filtered.query);
  return {
    value: { value: filtered.filter.q },
    selected: (param, value) => flag('selected', value === chosen.get(param)),
    notice: filtered.ignored.length > 0,
    ignored: filtered.ignored.map((entry) => entry.param),
    shown: String(filtered.shown.size),
    emptyHidden: flag('hidden', filtered.shown.size > 0),
    jumpHidden: flag('hidden', filtered.shown.size === 0),
    shownCount: (template) => String(filtered.shownCounts[template]),
    linkHidden: (category) => flag('hidden', shownIn(category, filtered) === 0),
    categories: filtered.ranked,
    markers: (category) => category.markers,
    sectionHidden: (category) => flag('hidden', shownIn(category, filtered) === 0),
    countText: (category) => markerCountLabel(shownIn(category, filtered), locale, ui),
    markerHidden: (marker) => flag('hidden', !filtered.shown.has(marker.uuid)),
    ...noMarks,
  };
}

/** The marks of the template, in the page order of the unfiltered view. */
export function templateSlots(view: CatalogView): BrowserSlots {
  return {
    value: slotAttribute('q'),
    selected: (param, value) => slotAttribute(SLOT.selected(param, value)),
    notice: true,
    ignored: IGNORABLE,
    shown: MARKS.slot('shown'),
    emptyHidden: slotAttribute('empty'),
    jumpHidden: slotAttribute('jump'),
    shownCount: (template) => MARKS.slot(SLOT.shownCount(template)),
    linkHidden: (category) => slotAttribute(SLOT.link(category.anchor)),
    categories: view.categories,
    markers: (category) => category.markers,
    sectionHidden: (category) => slotAttribute(SLOT.section(category.anchor)),
    countText: (category) => MARKS.slot(SLOT.count(category.anchor)),
    markerHidden: (marker) => slotAttribute(SLOT.marker(marker.uuid)),
    listStart: MARKS.listStart,
    listEnd: MARKS.listEnd,
    itemStart: MARKS.itemStart,
    itemEnd: MARKS.itemEnd,
  };
}

/** What the server needs besides the template to fill it: the view's data and strings, carried by the template. */
export interface BrowserTemplateData {
  locale: string;
  ui: CatalogUiStrings;
  view: CatalogView;
  /** The list's path, and the public origin (for the Markdown twin's links). */
  listPath: string;
  baseUrl: string;
}

/** An attribute with a value as Astro writes it: bare when empty, escaping `&` and `"` only. */
const valued = (name: string, value: string): string =>
  value === '' ? ` ${name}` : ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;

/** A boolean attribute as Astro writes it, or nothing. */
const attribute = (name: string, on: boolean): string => (on ? ` ${name}` : '');

/** Fills the browser's template for one view: the same values `viewSlots` gives Astro, written as Astro writes them. */
export function browserFills(filtered: FilteredCatalogView, data: BrowserTemplateData): TemplateFills {
  const slots = viewSlots(filtered, data.locale, data.ui);
  const byAnchor = new Map(filtered.ranked.map((category) => [category.anchor, category]));
  const category = (anchor: string) => byAnchor.get(anchor)!;
  const chosen = new URLSearchParams(filtered.query);
  const slot = (name: string): string => {
    const [kind = '', key = '', value = ''] = name.split(':');
    if (kind === 'q') return valued('value', filtered.filter.q);
    if (kind === 'shown') return key === '' ? slots.shown : slots.shownCount(key as CatalogTemplate);
    if (kind === 'empty') return attribute('hidden', filtered.shown.size > 0);
    if (kind === 'jump') return attribute('hidden', filtered.shown.size === 0);
    if (kind === 'selected') return attribute('selected', value === chosen.get(key));
    if (kind === 'marker') return attribute('hidden', !filtered.shown.has(key));
    if (kind === 'count') return escapeHtml(slots.countText(category(key)));
    if (kind === 'link' || kind === 'section') return attribute('hidden', shownIn(category(key), filtered) === 0);
    throw new Error(`browser template: unknown slot ${name}`);
  };
  const list = (name: string): readonly string[] => {
    const [kind = '', key = ''] = name.split(':');
    if (kind === 'notice') return slots.notice ? ['on'] : [];
    if (kind === 'ignored') return slots.ignored;
    if (kind === 'categories') return filtered.ranked.map((c) => c.anchor);
    if (kind === 'markers') return category(key).markers.map((marker) => marker.uuid);
    throw new Error(`browser template: unknown list ${name}`);
  };
  return { slot, list };
}

/** The list names the components mark, shared with `browserFills`. */
export const LISTS = { notice: 'notice', ignored: 'ignored', categories: 'categories', markers: SLOT.markers };
