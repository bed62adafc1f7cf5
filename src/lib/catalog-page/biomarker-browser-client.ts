import type { CatalogTemplate } from '../schemas/catalog.ts';
import { filterRank, formatFilter, parseFilter, type FilterableMarker } from './biomarker-filter.ts';
import type { PanelRegion } from './panel-kinds.ts';

/** A marker's element and the facts it carries in its `data-*` attributes (`MarkerEntry.astro`). */
interface MarkerElement {
  element: HTMLElement;
  marker: FilterableMarker;
}

const words = (value: string | undefined): string[] => (value ?? '').split(' ').filter((word) => word !== '');

/** Reads the markers the page rendered. */
function readMarkers(root: ParentNode): MarkerElement[] {
  return [...root.querySelectorAll<HTMLElement>('li.marker[data-search]')].map((element) => ({
    element,
    marker: {
      search: element.dataset['search'] ?? '',
      uuid: element.dataset['uuid'] ?? '',
      templates: words(element.dataset['panels']) as CatalogTemplate[],
      category: element.dataset['category'] ?? '',
      calculated: element.dataset['calculated'] === 'true',
      premiumIn: words(element.dataset['premium']) as PanelRegion[],
    },
  }));
}

/** `elements` sorted by `rankOf`, ties in the order the page first listed them (`order`). */
function sortByRank(
  elements: HTMLElement[],
  rankOf: (element: HTMLElement) => number,
  order: Map<HTMLElement, number>,
) {
  return [...elements].sort((a, b) => rankOf(a) - rankOf(b) || order.get(a)! - order.get(b)!);
}

/** Adds one to a count in a map. */
const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Filters the rendered markers as the reader types, by the server's rules (`biomarker-filter.ts`), best matches first,
 * updating counts, the live status line and the URL (`history.replaceState`: shareable, no history entries).
 */
export function startBiomarkerBrowser(root: Document): void {
  const browser = root.querySelector<HTMLElement>('.biomarker-browser');
  const form = browser?.querySelector('form');
  if (browser === null || browser === undefined || form === null || form === undefined) return;
  const markers = readMarkers(root);
  const status = browser.querySelector<HTMLElement>('#browser-status');
  const empty = browser.querySelector<HTMLElement>('.browser-empty');
  const plural = new Intl.PluralRules(root.documentElement.lang || undefined);
  const countLabel = (count: number) =>
    (plural.select(count) === 'one' ? browser.dataset['countOne'] : browser.dataset['countOther'])?.replace(
      '{count}',
      String(count),
    ) ?? String(count);

  // The order the page first listed sections and markers in: a search lists its best matches
  // first, as the server does (`filterCatalogView`), and an empty one restores this order.
  const sectionsHolder = root.querySelector<HTMLElement>('[data-catalog-sections]');
  const sections = [...root.querySelectorAll<HTMLElement>('.catalog-category[data-category]')];
  const order = new Map<HTMLElement, number>();
  markers.forEach(({ element }, index) => order.set(element, index));
  sections.forEach((section, index) => order.set(section, index));

  const apply = () => {
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') query.append(name, value);
    const parsed = parseFilter(query);
    const byCategory = new Map<string, number>();
    const byPanel = new Map<string, number>();
    const ranks = new Map<HTMLElement, number>();
    let shown = 0;
    for (const { element, marker } of markers) {
      const rank = filterRank(marker, parsed.filter);
      element.hidden = rank === undefined;
      if (rank === undefined) continue;
      shown += 1;
      ranks.set(element, rank);
      bump(byCategory, marker.category);
      for (const template of marker.templates) bump(byPanel, template);
    }
    const rankOf = (element: HTMLElement) => ranks.get(element) ?? Infinity;
    const bestIn = new Map<HTMLElement, number>();
    for (const section of sections) {
      const list = section.querySelector('.marker-list');
      const entries = [...section.querySelectorAll<HTMLElement>('li.marker')];
      const sorted = sortByRank(entries, rankOf, order);
      if (list !== null && sorted.some((entry, index) => entry !== entries[index])) list.append(...sorted);
      bestIn.set(section, Math.min(...entries.map(rankOf)));
    }
    const sortedSections = sortByRank(sections, (section) => bestIn.get(section) ?? Infinity, order);
    const current = [...(sectionsHolder?.querySelectorAll<HTMLElement>(':scope > .catalog-category') ?? [])];
    if (sectionsHolder !== null && sortedSections.some((section, index) => section !== current[index])) {
      sectionsHolder.append(...sortedSections);
    }
    for (const section of root.querySelectorAll<HTMLElement>('.catalog-category[data-category]')) {
      const count = byCategory.get(section.dataset['category'] ?? '') ?? 0;
      section.hidden = count === 0;
      const label = section.querySelector('[data-category-count]');
      if (label !== null) label.textContent = countLabel(count);
    }
    for (const link of root.querySelectorAll<HTMLElement>('[data-category-link]')) {
      link.hidden = !byCategory.has(link.dataset['categoryLink'] ?? '');
    }
    for (const cell of root.querySelectorAll<HTMLElement>('[data-shown-count]')) {
      cell.textContent = String(byPanel.get(cell.dataset['shownCount'] ?? '') ?? 0);
    }
    const text = (browser.dataset['status'] ?? '')
      .replace('{shown}', String(shown))
      .replace('{total}', String(markers.length));
    if (status !== null && status.textContent !== text) status.textContent = text;
    if (empty !== null) empty.hidden = shown > 0;
    // The form now shows only values the page knows: the notice about ignored ones is stale.
    browser.querySelector('[data-ignored]')?.remove();
    const search = formatFilter(parsed);
    history.replaceState(history.state, '', `${location.pathname}${search === '' ? '' : `?${search}`}`);
  };

  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
}
