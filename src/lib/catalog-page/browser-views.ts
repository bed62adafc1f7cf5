import type { RootContent } from 'mdast';
import { markdownBlocks } from '../markdown/markdown-printer.ts';
import { browserFills, type BrowserTemplateData } from './browser-slots.ts';
import { catalogTwin } from './catalog-outline.ts';
import { filterCatalogView } from './filter-catalog-view.ts';
import { fillTemplate, MARKS, parseTemplate, type PageTemplate } from './page-template.ts';

/** A paragraph of one text node. */
const paragraph = (value: string): RootContent => ({ type: 'paragraph', children: [{ type: 'text', value }] });

/** The browser's page parsed once per data version: the HTML and Markdown templates and what fills them. */
export interface BrowserTemplates {
  html: PageTemplate;
  data: BrowserTemplateData;
  /** Each category's Markdown table as the twin prints it, made on first need: the head, and each marker's row. */
  tables?: Map<string, { head: string; rows: Map<string, string> }>;
}

/** The slot a category's table is printed into, so its rows are joined rather than printed per view. */
const TABLE_SLOT = (anchor: string) => MARKS.slot(`table:${anchor}`);

/**
 * Every category's table printed once, with all its markers: a row is one line, whatever the other rows (columns
 * are not padded), so a view's table is its head and the rows of its matches in order.
 */
function printedTables(templates: BrowserTemplates) {
  const { data } = templates;
  const all = filterCatalogView(data.view, new URLSearchParams());
  // The first table is the panels' overview; a table per category follows.
  const tables = catalogTwin(all, data)
    .filter((node) => node.type === 'table')
    .slice(1);
  const printed = new Map<string, { head: string; rows: Map<string, string> }>();
  all.ranked.forEach((category, i) => {
    const lines = markdownBlocks([tables[i]!], data.baseUrl).replace(/\n$/, '').split('\n');
    const rows = new Map(category.markers.map((marker, row) => [marker.uuid, lines[row + 2]!]));
    printed.set(category.anchor, { head: lines.slice(0, 2).join('\n'), rows });
  });
  return printed;
}

/** Parses the HTML template Astro rendered for `TEMPLATE_QUERY`; throws when it carries no data. */
export function parseBrowserTemplate(html: string): BrowserTemplates {
  const template = parseTemplate(html);
  if (template.data === undefined) throw new Error('the browser template carries no data');
  return { html: template, data: JSON.parse(template.data) as BrowserTemplateData };
}

/** One view's HTML: the template filled with the view's matches and order, as Astro renders the view. */
export function browserViewHtml(templates: BrowserTemplates, query: URLSearchParams): string {
  const filtered = filterCatalogView(templates.data.view, query);
  return fillTemplate(templates.html, browserFills(filtered, templates.data));
}

/** One view's Markdown twin: the twin's template with the catalog part written for the view. */
export function browserViewMarkdown(
  templates: BrowserTemplates,
  markdown: PageTemplate,
  query: URLSearchParams,
): string {
  const { data } = templates;
  const filtered = filterCatalogView(data.view, query);
  const tables = (templates.tables ??= printedTables(templates));
  // Categories with matches, in the order `catalogTwin` writes their tables.
  const shown = filtered.ranked.filter((category) => category.markers.some((m) => filtered.shown.has(m.uuid)));
  let table = -1; // the panels' overview comes first and stays
  const nodes = catalogTwin(filtered, data).map((node) =>
    node.type === 'table' && table++ >= 0 ? paragraph(TABLE_SLOT(shown[table - 1]!.anchor)) : node,
  );
  const catalog = parseTemplate(markdownBlocks(nodes, data.baseUrl).replace(/\n$/, ''));
  const slot = (name: string) => {
    const category = shown.find((c) => `table:${c.anchor}` === name)!;
    const { head, rows } = tables.get(category.anchor)!;
    const matching = category.markers.filter((marker) => filtered.shown.has(marker.uuid));
    return [head, ...matching.map((marker) => rows.get(marker.uuid)!)].join('\n');
  };
  const text = fillTemplate(catalog, { slot, list: () => [] });
  // The slot is a paragraph of its own: the blocks written in its place end with the newline the paragraph had.
  return fillTemplate(markdown, { slot: () => text, list: () => [] });
}
