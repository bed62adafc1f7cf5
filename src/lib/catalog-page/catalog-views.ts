import { markdownBlocks } from '../markdown/markdown-printer.ts';
import { outlineHtmlPieces } from '../markdown/outline-html.ts';
import type { CatalogUiStrings } from '../content/ui-strings-schema.ts';
import { CATALOG_PART_HTML } from './browser-html.ts';
import type { CatalogView } from './build-catalog-view.ts';
import { catalogTwin, catalogViewOutline } from './catalog-outline.ts';
import { filterCatalogView } from './filter-catalog-view.ts';

/*
 * A filtered view of the biomarker list without a render: the page is rendered once per data version as the views'
 * chrome, everything but the list's body, with one slot where the body goes; a view is its query applied to the
 * catalog, the body's outline for that view written as HTML (or printed as the twin's Markdown), put in the slot.
 * Astro renders the same outline for the same query, so a view reads as Astro would render it.
 */

/** The query the list's page is rendered for as the chrome of its views: no client query normalizes to it. */
export const CHROME_QUERY = 'view-chrome=1';

/** Whether a page is rendered as the chrome of the list's views rather than one view. */
export const isChromeQuery = (query: URLSearchParams): boolean => query.get('view-chrome') === '1';

/** What a view's body is made from, carried by its chrome: the render that made the chrome built it. */
export interface ViewSource {
  locale: string;
  ui: CatalogUiStrings;
  view: CatalogView;
  /** The list's path, and the public origin (the twin's links are absolute). */
  listPath: string;
  baseUrl: string;
}

/** The slot's marks: private-use characters, which Astro's escaping and the Markdown printer leave alone. */
const OPEN = '\uE000view';
const CLOSE = '\uE001';

/**
 * The chrome's slot: the page's carries the view's source as JSON (any mark character in it escaped); the twin's
 * carries none (its printer would escape the JSON's punctuation), so a Markdown view reads the page's.
 */
export const viewSlot = (source?: ViewSource): string =>
  source === undefined
    ? `${OPEN}${CLOSE}`
    : `${OPEN}${JSON.stringify(source).replace(/[\uE000\uE001]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}${CLOSE}`;

/** A chrome cut at its slot: the text before and after (and their bytes), and the source the slot carried (the page's only). */
export interface ViewChrome {
  before: string;
  after: string;
  source: ViewSource | undefined;
  /** `before` and `after` as UTF-8, encoded once: a view's page is these bytes with its body's between them. */
  bytes: { before: Buffer; after: Buffer };
}

/** Cuts a chrome rendered for `CHROME_QUERY` at its one slot; throws when it has none or more than one. */
export function parseChrome(text: string): ViewChrome {
  const start = text.indexOf(OPEN);
  const end = start === -1 ? -1 : text.indexOf(CLOSE, start);
  if (end === -1 || text.includes(OPEN, end)) throw new Error('a view chrome has exactly one slot');
  const json = text.slice(start + OPEN.length, end);
  const source = json === '' ? undefined : (JSON.parse(json) as ViewSource);
  const [before, after] = [text.slice(0, start), text.slice(end + CLOSE.length)];
  return { before, after, source, bytes: { before: Buffer.from(before), after: Buffer.from(after) } };
}

/** A view's body: text in pieces, in order, written into the page's bytes without being joined first. */
export type ViewBody = readonly string[];

/** The body of the view `query` asks for, as HTML: what the page renders in the slot's place for that query. */
export function viewHtml(source: ViewSource, query: URLSearchParams): ViewBody {
  const filtered = filterCatalogView(source.view, query);
  return outlineHtmlPieces(catalogViewOutline(filtered, source), { parts: CATALOG_PART_HTML, page: {} });
}

/** The body of the view `query` asks for, as the twin's Markdown blocks. */
export function viewMarkdown(source: ViewSource, query: URLSearchParams): ViewBody {
  const filtered = filterCatalogView(source.view, query);
  return [markdownBlocks(catalogTwin(filtered, source), source.baseUrl).replace(/\n$/, '')];
}

/** A view's page as UTF-8: its chrome's bytes with the body's between them, each piece encoded into its place. */
export function viewPage({ bytes }: ViewChrome, body: ViewBody): Buffer {
  let length = bytes.before.length + bytes.after.length;
  for (const piece of body) length += Buffer.byteLength(piece);
  const page = Buffer.allocUnsafe(length);
  let at = bytes.before.copy(page, 0);
  for (const piece of body) at += page.write(piece, at);
  bytes.after.copy(page, at);
  return page;
}
