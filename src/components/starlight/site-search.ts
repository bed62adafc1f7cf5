import { SEARCH_RANKING, SEARCH_WORDS_META } from '../../lib/content/search-ranking.ts';

/** What Pagefind's UI hands `processResult`: a page and its sections. */
interface SearchResult {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  sub_results: SubResult[];
}

interface SubResult {
  url: string;
  title: string;
  excerpt: string;
  /** Present on a section (a heading with an id); absent on the page's text before its first one. */
  anchor?: unknown;
  weighted_locations: { balanced_score: number }[];
}

/** The sections the UI shows under a page, as Pagefind's UI shows at most. */
const SECTIONS_SHOWN = 3;

const relevance = (section: SubResult) =>
  section.weighted_locations.reduce((sum, location) => sum + location.balanced_score, 0);

/** `/path/` and `/path/#id` as the site links them (`trailingSlash: 'never'`). */
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/(#.*)?$/, '$1$2');

/**
 * One result as the dialog shows it: the page's text before its first heading stays the
 * card's excerpt, its sections follow best match first (Pagefind lists them in page order, so
 * "rate limit" showed the guide's intro sections before "Rate limits"), and the marker records'
 * search words, a metadata field Pagefind searches, are not shown.
 */
function processResult(result: SearchResult): SearchResult {
  result.url = withoutTrailingSlash(result.url);
  delete result.meta[SEARCH_WORDS_META];
  const [first, ...rest] = result.sub_results;
  // A marker found by its search words alone has no matching text, so no section: its card
  // still shows the start of its description.
  const page =
    first === undefined
      ? [{ url: result.url, title: result.meta['title'] ?? '', excerpt: result.excerpt, weighted_locations: [] }]
      : first.anchor === undefined
        ? [first]
        : [];
  const sections = (page.length === 0 ? result.sub_results : rest)
    .slice()
    .sort((a, b) => relevance(b) - relevance(a))
    .slice(0, SECTIONS_SHOWN);
  result.sub_results = [...page, ...sections].map((section) => ({
    ...section,
    url: withoutTrailingSlash(section.url),
  }));
  return result;
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
    const loadUi = () => {
      const onIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
      onIdle(async () => {
        // @ts-expect-error: the package ships no types.
        const { PagefindUI } = await import('@pagefind/default-ui');
        new PagefindUI({
          element: '#starlight__search',
          baseUrl: import.meta.env.BASE_URL,
          bundlePath: `${import.meta.env.BASE_URL.replace(/\/$/, '')}/pagefind/`,
          showImages: false,
          showSubResults: true,
          translations,
          ranking: SEARCH_RANKING,
          processResult,
        });
      });
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
