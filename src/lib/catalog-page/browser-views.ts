import { markdownBlocks } from '../markdown/markdown-printer.ts';
import { browserFills, type BrowserTemplateData } from './browser-slots.ts';
import { catalogMarkdown } from './catalog-markdown.ts';
import { filterCatalogView } from './filter-catalog-view.ts';
import { fillTemplate, parseTemplate, type PageTemplate } from './page-template.ts';

/** The browser's page parsed once per data version: the HTML and Markdown templates and what fills them. */
export interface BrowserTemplates {
  html: PageTemplate;
  data: BrowserTemplateData;
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
  const urls = { listUrl: `${data.baseUrl}${data.listPath}`, clearUrl: `${data.baseUrl}${data.listPath}.md` };
  const nodes = catalogMarkdown(filtered, data.locale, data.ui, urls);
  const catalog = markdownBlocks(nodes, data.baseUrl);
  // The slot is a paragraph of its own: the blocks written in its place end with the newline the paragraph had.
  return fillTemplate(markdown, { slot: () => catalog.replace(/\n$/, ''), list: () => [] });
}
