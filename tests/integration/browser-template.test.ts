import { beforeAll, describe, expect, it } from 'vitest';
import { formatFilter, parseFilter } from '../../src/lib/catalog-page/biomarker-filter.ts';
import { TEMPLATE_QUERY } from '../../src/lib/catalog-page/browser-slots.ts';
import {
  browserViewHtml,
  browserViewMarkdown,
  parseBrowserTemplate,
  type BrowserTemplates,
} from '../../src/lib/catalog-page/browser-views.ts';
import { parseTemplate, type PageTemplate } from '../../src/lib/catalog-page/page-template.ts';
import type { Renderer } from '../../src/server/store/rendered-store.ts';
import { createTestSite } from '../helpers/site.ts';

/** Queries that touch every part of the browser that depends on one: ranking, escaping, each select, ignored values. */
const QUERIES = [
  '',
  'q=glucose',
  'q=Blutzucker',
  'q=chol',
  'q=hdl+ldl',
  'q=%26%3C%3E%22%27',
  'q=h%C3%A9moglobine',
  'q=%E2%80%AE%F0%9F%A9%B8+b',
  'q=zzzz-nothing',
  'q=iron',
  'q=eiwei%C3%9F',
  'q=Lp(a)',
  'region=eu',
  'region=uk&panel=light',
  'panel=complete&premium=yes',
  'category=lipids',
  'category=no-such-category',
  'calculated=yes',
  'calculated=no&premium=no',
  'region=mars&premium=yes&premium=no',
  'region=mars&panel=huge&category=%3Cb%3E&calculated=maybe&premium=both',
  'q=tsh&region=uk&category=hormones',
  'q=a&calculated=yes&region=eu&panel=light',
];

const LISTS = ['/biomarkers', '/de/biomarkers'];

/** Where two pages first differ, with some context from each; '' when they are equal. */
function firstDifference(actual: string, expected: string): string {
  if (actual === expected) return '';
  let at = 0;
  while (actual[at] === expected[at]) at += 1;
  return `at ${at}: …${actual.slice(at - 60, at + 60)}… instead of …${expected.slice(at - 60, at + 60)}…`;
}

describe('a filtered view of /biomarkers assembled from the prepared template', () => {
  /** The built Astro bundle with a site's services, as the site's store renders through it. */
  let renderer: Renderer;
  const templates = new Map<string, { html: BrowserTemplates; markdown: PageTemplate }>();
  beforeAll(async () => {
    renderer = (await createTestSite()).renderer;
    for (const list of LISTS) {
      const html = await renderer.render(`${list}?${TEMPLATE_QUERY}`, 'text/html');
      const markdown = await renderer.render(`${list}.md?${TEMPLATE_QUERY}`, 'text/markdown');
      expect([html.status, markdown.status]).toEqual([200, 200]);
      templates.set(list, { html: parseBrowserTemplate(html.text), markdown: parseTemplate(markdown.text) });
    }
  });

  for (const list of LISTS) {
    it(`is byte for byte the HTML Astro renders for the same view (${list})`, async () => {
      const { html } = templates.get(list)!;
      for (const search of QUERIES) {
        const query = formatFilter(parseFilter(new URLSearchParams(search)));
        const rendered = await renderer.render(query === '' ? list : `${list}?${query}`, 'text/html');
        const assembled = browserViewHtml(html, new URLSearchParams(query));
        expect(firstDifference(assembled, rendered.text), search).toBe('');
      }
    });

    it(`is byte for byte the Markdown twin Astro renders for the same view (${list})`, async () => {
      const { html, markdown } = templates.get(list)!;
      for (const search of QUERIES) {
        const query = formatFilter(parseFilter(new URLSearchParams(search)));
        const rendered = await renderer.render(query === '' ? `${list}.md` : `${list}.md?${query}`, 'text/markdown');
        const assembled = browserViewMarkdown(html, markdown, new URLSearchParams(query));
        expect(firstDifference(assembled, rendered.text), search).toBe('');
      }
    });
  }
});
