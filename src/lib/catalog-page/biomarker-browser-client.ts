import type { CatalogTemplate } from '../schemas/catalog.ts';
import {
  formatFilter,
  matchCategories,
  parseFilter,
  type FilterableMarker,
  type PanelRegion,
  type QueryReading,
} from './biomarker-filter.ts';

/** A marker's element and the facts it carries in its `data-*` attributes (`browser-html.ts`). */
interface MarkerElement extends FilterableMarker {
  element: HTMLElement;
}

/** A category's section and its markers, in the order the page first listed them. */
interface SectionElement {
  element: HTMLElement;
  markers: MarkerElement[];
}

const words = (value: string | undefined): string[] => (value ?? '').split(' ').filter((word) => word !== '');

/** Reads the sections and markers the page rendered. */
function readSections(root: ParentNode): SectionElement[] {
  return [...root.querySelectorAll<HTMLElement>('.catalog-category[data-category]')].map((section) => ({
    element: section,
    markers: [...section.querySelectorAll<HTMLElement>('li.marker[data-search]')].map((element) => ({
      element,
      search: element.dataset['search'] ?? '',
      uuid: element.dataset['uuid'] ?? '',
      templates: words(element.dataset['panels']) as CatalogTemplate[],
      category: element.dataset['category'] ?? '',
      calculated: element.dataset['calculated'] === 'true',
      premiumIn: words(element.dataset['premium']) as PanelRegion[],
    })),
  }));
}

/** How many of a search's best matches show under the search field. */
const PREVIEW_SIZE = 5;

/** Lists the first matches under the search field as links to their pages; hidden while the search is empty. */
function showPreview(preview: HTMLElement | null, query: string, matches: readonly MarkerElement[]): void {
  if (preview === null) return;
  const links = query.trim() === '' ? [] : matches.slice(0, PREVIEW_SIZE);
  preview.replaceChildren(
    ...links.map((marker) => {
      const item = document.createElement('li');
      const source = marker.element.querySelector('h3 a');
      const link = document.createElement('a');
      link.href = source?.getAttribute('href') ?? '';
      link.textContent = source?.textContent ?? '';
      const lang = source?.closest('[lang]')?.getAttribute('lang');
      if (lang !== null && lang !== undefined) link.lang = lang;
      item.append(link);
      return item;
    }),
  );
  preview.hidden = links.length === 0;
}

/** The matches of every category, best first: by the rank that orders each category's markers, ties in page order. */
const bestMatches = (ranked: readonly SectionElement[], ranks: ReadonlyMap<string, number>): MarkerElement[] =>
  ranked
    .flatMap((section) => section.markers.filter((marker) => ranks.has(marker.uuid)))
    .map((marker, index) => ({ marker, index, rank: ranks.get(marker.uuid)! }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ marker }) => marker);

/** Opens the header's site search (Starlight's dialog) with `query` typed into it, once its Pagefind UI has loaded. */
function openSiteSearch(root: Document, query: string): void {
  const host = root.querySelector('site-search');
  const open = host?.querySelector<HTMLButtonElement>('button[data-open-modal]');
  if (host === null || host === undefined || open === null || open === undefined) return;
  open.click();
  const type = (): boolean => {
    const input = host.querySelector<HTMLInputElement>('dialog input');
    if (input === null) return false;
    input.value = query;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
    return true;
  };
  if (!type()) {
    const observer = new MutationObserver(() => type() && observer.disconnect());
    observer.observe(host, { childList: true, subtree: true });
  }
}

/** Puts `elements` into `parent` in this order; moves nothing when they already are. */
function reorder(parent: Element | null, elements: HTMLElement[]): void {
  const current = [...(parent?.children ?? [])];
  if (parent !== null && elements.some((element, index) => element !== current[index])) parent.append(...elements);
}

/**
 * Filters the rendered markers as the reader types, by the server's rules (`matchCategories`), best matches first,
 * updating counts, the live status line and the URL (`history.replaceState`: shareable, no history entries).
 */
export function startBiomarkerBrowser(root: Document): void {
  const browser = root.querySelector<HTMLElement>('.biomarker-browser');
  const form = browser?.querySelector('form');
  if (browser === null || browser === undefined || form === null || form === undefined) return;
  const sections = readSections(root);
  const total = sections.reduce((sum, section) => sum + section.markers.length, 0);
  const status = browser.querySelector<HTMLElement>('#browser-status');
  const empty = browser.querySelector<HTMLElement>('.browser-empty');
  const jump = browser.querySelector<HTMLElement>('.browser-jump');
  const preview = browser.querySelector<HTMLElement>('[data-preview]');
  const reading: QueryReading = {
    fillers: words(browser.dataset['searchFillers']),
    endings: words(browser.dataset['searchEndings']),
  };
  const plural = new Intl.PluralRules(root.documentElement.lang || undefined);
  const countLabel = (count: number) =>
    (plural.select(count) === 'one' ? browser.dataset['countOne'] : browser.dataset['countOther'])?.replace(
      '{count}',
      String(count),
    ) ?? String(count);

  const formFilter = () => {
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') query.append(name, value);
    return parseFilter(query);
  };

  // With a site search in the header, an empty result offers it for the same words instead of naming it.
  const siteSearch = browser.querySelector<HTMLButtonElement>('[data-site-search]');
  if (siteSearch !== null && root.querySelector('site-search button[data-open-modal]') !== null) {
    siteSearch.hidden = false;
    browser.querySelector<HTMLElement>('[data-site-search-hint]')?.setAttribute('hidden', '');
    siteSearch.addEventListener('click', (event) => {
      // The dialog closes on a click outside it: this one must not reach the window.
      event.stopPropagation();
      openSiteSearch(root, formFilter().filter.q);
    });
  }

  const apply = () => {
    const parsed = formFilter();
    const { ranked, shown, ranks, shownCounts } = matchCategories(sections, parsed.filter, reading);
    const shownIn = new Map<string, number>();
    for (const section of ranked) {
      const count = section.markers.filter((marker) => shown.has(marker.uuid)).length;
      shownIn.set(section.element.dataset['category'] ?? '', count);
      section.element.hidden = count === 0;
      const label = section.element.querySelector('[data-category-count]');
      if (label !== null) label.textContent = countLabel(count);
      for (const marker of section.markers) marker.element.hidden = !shown.has(marker.uuid);
      reorder(
        section.element.querySelector('.marker-list'),
        section.markers.map((marker) => marker.element),
      );
    }
    reorder(
      root.querySelector('[data-catalog-sections]'),
      ranked.map((section) => section.element),
    );
    for (const link of root.querySelectorAll<HTMLElement>('[data-category-link]')) {
      link.hidden = (shownIn.get(link.dataset['categoryLink'] ?? '') ?? 0) === 0;
    }
    for (const cell of root.querySelectorAll<HTMLElement>('[data-shown-count]')) {
      cell.textContent = String(shownCounts[cell.dataset['shownCount'] as CatalogTemplate] ?? 0);
    }
    const text = (browser.dataset['status'] ?? '')
      .replace('{shown}', String(shown.size))
      .replace('{total}', String(total));
    if (status !== null && status.textContent !== text) status.textContent = text;
    if (empty !== null) empty.hidden = shown.size > 0;
    if (jump !== null) jump.hidden = shown.size === 0;
    showPreview(preview, parsed.filter.q, bestMatches(ranked, ranks));
    // The form now shows only values the page knows: the notice about ignored ones is stale.
    browser.querySelector('[data-ignored]')?.remove();
    const search = formatFilter(parsed);
    history.replaceState(history.state, '', `${location.pathname}${search === '' ? '' : `?${search}`}`);
  };

  // A page opened with a search (a shared link) lists its best matches at once; the server has filtered the rest.
  const opened = formFilter().filter;
  if (opened.q !== '') {
    const { ranked, ranks } = matchCategories(sections, opened, reading);
    showPreview(preview, opened.q, bestMatches(ranked, ranks));
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
}
