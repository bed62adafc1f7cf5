import { SEARCH_RANKING } from '../../lib/content/search-ranking.ts';
import { withoutSearchWords } from '../../lib/search/search-words.ts';
import {
  correctedQuery,
  indexKnownWords,
  namedMarkerPage,
  type KnownWordIndex,
} from '../../lib/search/corrected-query.ts';
import { searchKey } from '../../lib/search/search-key.ts';

/** What Pagefind's UI hands `processResult`: a page and its sections. */
interface SearchResult {
  url: string;
  excerpt: string;
  /** The page's whole text. */
  content: string;
  meta: Record<string, string>;
  sub_results: SubResult[];
}

interface SubResult {
  url: string;
  title: string;
  excerpt: string;
  /** Present on a section (a heading with an id); absent on the page's text before its first one. */
  anchor?: unknown;
  weighted_locations: { balanced_score: number; location: number }[];
}

/** The sections the UI shows under a page, as Pagefind's UI shows at most. */
const SECTIONS_SHOWN = 3;

const relevance = (section: SubResult) =>
  section.weighted_locations.reduce((sum, location) => sum + location.balanced_score, 0);

const bestLocation = (section: SubResult) =>
  Math.max(0, ...section.weighted_locations.map((location) => location.balanced_score));

/**
 * How many words of the query a section matched (Pagefind's locations are word positions in the page's text, and
 * it matches a word by its stem, so by its first letters here): a section with both words of `conditional request`
 * comes before one that says "requests" often.
 */
function queryWordsMatched(section: SubResult, pageWords: readonly string[], queryWords: readonly string[]): number {
  const matched = section.weighted_locations.map(({ location }) =>
    searchKey(pageWords[location] ?? '').replace(/^[^\p{L}\p{N}]+/u, ''),
  );
  return queryWords.filter((word) => matched.some((found) => found.startsWith(word.slice(0, 4)))).length;
}

/** `/path/` and `/path/#id` as the site links them (`trailingSlash: 'never'`). */
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/(#.*)?$/, '$1$2');

/** Words an excerpt shows where a result matched only in its search words: the start of its text. */
const EXCERPT_WORDS = 30;

/**
 * One result as the dialog shows it: the page's text before its first heading stays the
 * card's excerpt, its sections follow best match first (Pagefind lists them in page order, so
 * "rate limit" showed the guide's intro sections before "Rate limits"): most words of the query, then the best single match (a heading, a section's search words), then the sum, and the marker records'
 * search words, a metadata field Pagefind searches, are not shown, nor are a section's (`siteSearch.words`).
 */
function processResult(result: SearchResult, query: string): SearchResult {
  result.url = withoutTrailingSlash(result.url);
  const [first, ...rest] = result.sub_results;
  // A marker found by its search words alone has no matching text, so no section: its card
  // still shows the start of its description.
  const page =
    first === undefined
      ? [{ url: result.url, title: result.meta['title'] ?? '', excerpt: result.excerpt, weighted_locations: [] }]
      : first.anchor === undefined
        ? [first]
        : [];
  const pageWords = result.content.split(/\s+/);
  const queryWords = searchKey(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  const matched = (section: SubResult) => queryWordsMatched(section, pageWords, queryWords);
  const sections = (page.length === 0 ? result.sub_results : rest)
    .slice()
    .sort((a, b) => matched(b) - matched(a) || bestLocation(b) - bestLocation(a) || relevance(b) - relevance(a))
    .slice(0, SECTIONS_SHOWN);
  const start = withoutSearchWords(result.content).split(' ').slice(0, EXCERPT_WORDS).join(' ');
  result.excerpt = withoutSearchWords(result.excerpt) || start;
  result.sub_results = [...page, ...sections].map((section) => ({
    ...section,
    url: withoutTrailingSlash(section.url),
    excerpt: withoutSearchWords(section.excerpt) || (section.anchor === undefined ? start : ''),
  }));
  return result;
}

/**
 * Moves the result of the marker the query names to the top of the list, where Pagefind ranked it lower. Pagefind's
 * UI renders the list anew for every search (it is removed while one runs), so the move never outlives its query.
 */
function namedPageFirst(root: HTMLElement, page: string | undefined): void {
  if (page === undefined) return;
  const list = root.querySelector('.pagefind-ui__results');
  const link = list?.querySelector(`:scope > li .pagefind-ui__result-link[href="${CSS.escape(page)}"]`);
  const item = link?.closest('li.pagefind-ui__result');
  if (list && item && list.firstElementChild !== item) list.prepend(item);
}

/** Whether a key press is typing: `/` there is a character, not the search shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [contenteditable]') !== null)
  );
}

/**
 * `<site-search>`: opens the dialog from the header button, Ctrl+K (⌘K on Apple devices) or
 * `/` (outside a text field), closes it on Escape, Cancel, a result link or a click outside,
 * and loads the Pagefind UI once the page is idle.
 */
class SiteSearch extends HTMLElement {
  constructor() {
    super();
    const openButton = this.querySelector<HTMLButtonElement>('button[data-open-modal]')!;
    const closeButton = this.querySelector<HTMLButtonElement>('button[data-close-modal]')!;
    const dialog = this.querySelector('dialog')!;
    const frame = this.querySelector('.dialog-frame')!;
    const apple = /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform);
    if (apple) {
      const key = openButton.querySelector('kbd kbd');
      if (key !== null) key.textContent = '⌘';
      openButton.setAttribute('aria-keyshortcuts', 'Meta+K /');
    }

    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if ('href' in target || (document.body.contains(target) && !frame.contains(target))) close();
    };
    const open = (event?: Event) => {
      dialog.showModal();
      // On a phone the input ends where Cancel begins, whatever its label's length in this language.
      if (closeButton.offsetWidth > 0)
        this.style.setProperty('--site-search-cancel-width', `${closeButton.offsetWidth}px`);
      document.body.toggleAttribute('data-search-modal-open', true);
      this.querySelector('input')?.focus();
      event?.stopPropagation();
      window.addEventListener('click', onClick);
    };
    const close = () => dialog.close();

    openButton.addEventListener('click', open);
    openButton.disabled = false;
    closeButton.addEventListener('click', close);
    dialog.addEventListener('close', () => {
      document.body.toggleAttribute('data-search-modal-open', false);
      window.removeEventListener('click', onClick);
    });
    window.addEventListener('keydown', (event) => {
      if ((event.metaKey || event.ctrlKey) && event.key === 'k') {
        if (dialog.open) close();
        else open();
        event.preventDefault();
      } else if (event.key === '/' && !dialog.open && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (isTyping(event.target)) return;
        open();
        event.preventDefault();
      }
    });

    const translations: unknown = JSON.parse(this.dataset['translations'] ?? '{}');
    const bundlePath = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/pagefind/`;
    const corrected = document.createElement('p');
    corrected.className = 'site-search-corrected';
    corrected.setAttribute('role', 'status');
    corrected.hidden = true;
    let namedPage: string | undefined;
    let searched = '';
    /** The query with its misspelt words read as known ones, said above the results when it differs. */
    const processTerm = (known: KnownWordIndex | undefined) => (term: string) => {
      const query = known === undefined ? term : correctedQuery(term, known);
      searched = query;
      namedPage = known === undefined ? undefined : namedMarkerPage(query, known);
      corrected.hidden = query === term;
      corrected.textContent = query === term ? '' : (this.dataset['correctedTo'] ?? '{word}').replace('{word}', query);
      return query;
    };
    const loadUi = () => {
      const onIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
      const start = async () => {
        const [{ PagefindUI }, known] = await Promise.all([
          // @ts-expect-error: the package ships no types.
          import('@pagefind/default-ui'),
          fetch(`${bundlePath}${this.dataset['knownWords']}`)
            .then(async (response) => (response.ok ? indexKnownWords(await response.json()) : undefined))
            .catch(() => undefined),
        ]);
        new PagefindUI({
          element: '#starlight__search',
          baseUrl: import.meta.env.BASE_URL,
          bundlePath,
          showImages: false,
          showSubResults: true,
          translations,
          ranking: SEARCH_RANKING,
          processResult: (result: SearchResult) => processResult(result, searched),
          processTerm: processTerm(known),
        });
        // Between the field and the results (a static place in Pagefind's form).
        this.querySelector('.pagefind-ui__drawer')?.before(corrected);
        new MutationObserver(() => namedPageFirst(this, namedPage)).observe(this, { childList: true, subtree: true });
      };
      // Without its bundle the header's button opens an empty dialog; the page itself is unaffected.
      onIdle(() => void start().catch((error: unknown) => console.error('site search failed to load', error)));
    };
    // The module may run after the document is parsed (a slow chunk): then load at once.
    if (document.readyState === 'loading') window.addEventListener('DOMContentLoaded', loadUi);
    else loadUi();
  }
}

/** Registers `<site-search>` (the header renders one per page). */
export function defineSiteSearch(): void {
  if (customElements.get('site-search') === undefined) customElements.define('site-search', SiteSearch);
}
