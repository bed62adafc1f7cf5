import { beforeAll, describe, expect, it } from 'vitest';
import { formatFilter, parseFilter } from '../../src/lib/catalog-page/biomarker-filter.ts';
import {
  CHROME_QUERY,
  parseChrome,
  viewHtml,
  viewMarkdown,
  viewPage,
  type ViewChrome,
  type ViewSource,
} from '../../src/lib/catalog-page/catalog-views.ts';
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

describe('a filtered view of /biomarkers written into the chrome rendered once', () => {
  /** The built Astro bundle with a site's services, as the site's store renders through it. */
  let renderer: Renderer;
  const chromes = new Map<string, { html: ViewChrome; markdown: ViewChrome; source: ViewSource }>();
  beforeAll(async () => {
    renderer = (await createTestSite()).renderer;
    for (const list of LISTS) {
      const html = await renderer.render(`${list}?${CHROME_QUERY}`, 'text/html');
      const markdown = await renderer.render(`${list}.md?${CHROME_QUERY}`, 'text/markdown');
      expect([html.status, markdown.status]).toEqual([200, 200]);
      const page = parseChrome(html.text);
      expect(page.source?.listPath).toBe(list);
      chromes.set(list, { html: page, markdown: parseChrome(markdown.text), source: page.source! });
    }
  });

  for (const list of LISTS) {
    it(`is byte for byte the HTML Astro renders for the same view (${list})`, async () => {
      const { html, source } = chromes.get(list)!;
      for (const search of QUERIES) {
        const query = formatFilter(parseFilter(new URLSearchParams(search)));
        const rendered = await renderer.render(query === '' ? list : `${list}?${query}`, 'text/html');
        const written = viewPage(html, viewHtml(source, new URLSearchParams(query))).toString('utf8');
        expect(firstDifference(written, rendered.text), search).toBe('');
      }
    });

    it(`is byte for byte the Markdown twin Astro renders for the same view (${list})`, async () => {
      const { markdown, source } = chromes.get(list)!;
      for (const search of QUERIES) {
        const query = formatFilter(parseFilter(new URLSearchParams(search)));
        const rendered = await renderer.render(query === '' ? `${list}.md` : `${list}.md?${query}`, 'text/markdown');
        const written = viewPage(markdown, viewMarkdown(source, new URLSearchParams(query))).toString('utf8');
        expect(firstDifference(written, rendered.text), search).toBe('');
      }
    });
  }
});
