import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import {
  parseChrome,
  viewHtml,
  viewMarkdown,
  viewPage,
  viewSlot,
  type ViewSource,
} from '../../../../src/lib/catalog-page/catalog-views.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import type { BiomarkerCatalog, CatalogTemplate } from '../../../../src/lib/schemas/catalog.ts';
import { bundledPanels } from '../../../helpers/catalog-fixture.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';

const BASE = 'https://catalog.example';
const ui = UiStringsSchema.parse(readUiStrings('en'));

/** The biomarker list's view source, built afresh: no card or row written for another source is shared with it. */
const sourceOf = (panels: Record<CatalogTemplate, BiomarkerCatalog>): ViewSource => ({
  locale: 'en',
  ui: ui.catalog,
  view: buildCatalogView(panels, { locale: 'en', baseUrl: BASE, otherCategory: ui.catalog.otherCategory }),
  listPath: '/biomarkers',
  baseUrl: BASE,
});

/** The `<li>` cards of a view's HTML: each marker's key, and whether it is hidden. */
const cards = (html: string) =>
  [...html.matchAll(/<li class="marker" id="([^"]+)"( hidden)?/g)].map((match) => ({
    key: match[1],
    hidden: match[2] !== undefined,
  }));

describe('a filtered view of the biomarker list, written without Astro', () => {
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  beforeAll(async () => {
    panels = await bundledPanels(BASE);
  });

  it('carries its source through the chrome, whatever characters its strings hold', () => {
    const source = sourceOf(panels);
    // Text with the slot's own marks, markup and entities: the slot must still end where it ends.
    source.ui = { ...source.ui, otherCategory: 'Other \uE001 <b>&amp;</b> \uE000view' };
    const chrome = parseChrome(`<html><main>${viewSlot(source)}</main><footer>\uE001</footer></html>`);
    expect(chrome.before).toBe('<html><main>');
    expect(chrome.after).toBe('</main><footer>\uE001</footer></html>');
    expect(chrome.source).toEqual(source);
    expect(viewPage(chrome, ['<p>', 'bödy', '</p>']).toString('utf8')).toBe(
      '<html><main><p>bödy</p></main><footer>\uE001</footer></html>',
    );
    // The twin's slot carries no source: a Markdown view reads the page's.
    expect(parseChrome(`# Title\n\n${viewSlot()}\n`).source).toBeUndefined();
  });

  it('refuses a chrome without its slot, or with two', () => {
    expect(() => parseChrome('<main></main>')).toThrow(/exactly one slot/);
    expect(() => parseChrome(`${viewSlot()}${viewSlot()}`)).toThrow(/exactly one slot/);
  });

  it('shows the matches of the query and hides every other card, with the counts of the view', () => {
    const source = sourceOf(panels);
    const all = cards(viewHtml(source, new URLSearchParams()).join(''));
    expect(all.length).toBeGreaterThan(50);
    expect(all.every((card) => !card.hidden)).toBe(true);
    const html = viewHtml(source, new URLSearchParams('q=ferritin')).join('');
    expect(cards(html).filter((card) => !card.hidden)).toEqual([{ key: 'ferritin', hidden: false }]);
    expect(cards(html)).toHaveLength(all.length);
    expect(html).toContain(`Showing 1 of ${all.length} biomarkers.`);
    // Nothing matches: the empty state shows and the link down to the list hides.
    const none = viewHtml(source, new URLSearchParams('q=zzzz-nothing')).join('');
    expect(none).toMatch(/<p class="browser-empty">/);
    expect(none).toMatch(/<a href="#catalog-list" class="browser-jump" hidden>/);
  });

  it('names the parameters it ignored, and selects only the values it applied', () => {
    const html = viewHtml(sourceOf(panels), new URLSearchParams('region=mars&panel=light')).join('');
    expect(html).toMatch(
      /<div class="browser-notice" data-ignored><p><strong>[^<]+<\/strong><\/p><p>[^<]+<\/p><ul><li><code>region<\/code><\/li><\/ul>/,
    );
    expect(html).toContain('<option value="light" selected>');
    expect(html).not.toMatch(/<option value="(eu|uk)" selected>/);
    expect(viewHtml(sourceOf(panels), new URLSearchParams('region=eu')).join('')).not.toContain('browser-notice');
  });

  it('writes the same view whichever views the same source wrote before it', () => {
    const source = sourceOf(panels);
    const queries = ['q=ferritin', '', 'region=uk&panel=light', 'q=zzzz-nothing', 'q=ferritin', 'category=lipids'];
    const html = queries.map((query) => viewHtml(source, new URLSearchParams(query)).join(''));
    const markdown = queries.map((query) => viewMarkdown(source, new URLSearchParams(query)).join(''));
    // A fresh source per view shares no written card or printed row with the others.
    expect(html).toEqual(queries.map((query) => viewHtml(sourceOf(panels), new URLSearchParams(query)).join('')));
    expect(markdown).toEqual(
      queries.map((query) => viewMarkdown(sourceOf(panels), new URLSearchParams(query)).join('')),
    );
    expect(html[0]).toBe(html[4]);
    expect(html[0]).not.toBe(html[1]);
  });

  it("prints the twin's table of a category with the rows of its matches only", () => {
    const markdown = viewMarkdown(sourceOf(panels), new URLSearchParams('category=lipids')).join('');
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ['));
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((row) => row.includes(`${BASE}/biomarkers/`))).toBe(true);
    expect(markdown).not.toContain('[Ferritin]');
  });
});
