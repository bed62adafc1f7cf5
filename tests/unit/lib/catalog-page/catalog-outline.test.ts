import { beforeAll, describe, expect, it } from 'vitest';
import type { RootContent } from 'mdast';
import { buildCatalogView, type MarkerView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import { catalogOutline, catalogTwin } from '../../../../src/lib/catalog-page/catalog-outline.ts';
import { filterCatalogView } from '../../../../src/lib/catalog-page/filter-catalog-view.ts';
import { outlineHeadings } from '../../../../src/lib/markdown/mdast-builders.ts';
import { markdownBlocks } from '../../../../src/lib/markdown/markdown-printer.ts';
import {
  markerBadges,
  markerCountLabel,
  regionLabel,
  unitLabel,
} from '../../../../src/lib/catalog-page/marker-labels.ts';
import type { PageDataState } from '../../../../src/lib/site-pages/page-data.ts';
import { UiStringsSchema, type UiStrings } from '../../../../src/lib/content/ui-strings-schema.ts';
import { mdxToMarkdown } from '../../../../src/lib/site-pages/mdx-to-markdown.ts';
import { CATALOG_TEMPLATES, type BiomarkerCatalog, type CatalogTemplate } from '../../../../src/lib/schemas/catalog.ts';
import { bundledPanels, loadedCatalog } from '../../../helpers/catalog-fixture.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';

const BASE = 'https://catalog.example';
const ui = { en: UiStringsSchema.parse(readUiStrings('en')), de: UiStringsSchema.parse(readUiStrings('de')) };

const marker = (extra: Partial<MarkerView>): MarkerView => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  key: 'haemoglobin',
  name: { text: 'Haemoglobin', lang: 'en' },
  description: undefined,
  unitEu: 'g/dL',
  unitUk: 'g/dL',
  calculated: false,
  premiumIn: [],
  templates: [...CATALOG_TEMPLATES],
  search: 'haemoglobin',
  category: 'blood-count',
  ...extra,
});

describe('marker labels', () => {
  it.each([
    ['the same unit everywhere', {}, 'g/dL'],
    ['the UK unit where it differs', { unitUk: 'g/L' }, 'g/dL (UK: g/L)'],
    ['"none" for a unitless marker', { unitEu: undefined, unitUk: undefined }, 'none'],
    [
      'the UK unit alone on a UK-only marker',
      { unitEu: undefined, unitUk: 'g/L', templates: ['public-v2-complete-uk'] },
      'g/L',
    ],
    ['the EU unit alone on an EU-only marker', { unitUk: undefined, templates: ['public-complete-eu'] }, 'g/dL'],
  ] as const)('unit: %s', (_name, extra, expected) => {
    expect(unitLabel(marker(extra as Partial<MarkerView>), ui.en.catalog, 'en')).toBe(expected);
  });

  it('writes a unit with the decimal sign of the page language, leaving the rest as served', () => {
    const egfr = marker({ unitEu: 'mL/min/1.73 m²', unitUk: 'mL/min/1.73 m²' });
    expect(unitLabel(egfr, ui.en.catalog, 'en')).toBe('mL/min/1.73 m²');
    expect(unitLabel(egfr, ui.de.catalog, 'de')).toBe('mL/min/1,73 m²');
    expect(unitLabel(marker({ unitEu: 'mmol/L', unitUk: '×10⁹/L' }), ui.de.catalog, 'de')).toBe('mmol/L (UK: ×10⁹/L)');
  });

  it('names the panels of each region that carry a marker, or says it is not included', () => {
    const m = marker({ templates: ['public-complete-eu', 'public-light-eu', 'public-v2-complete-uk'] });
    expect(regionLabel(m, 'eu', ui.en.catalog)).toBe('complete, light');
    expect(regionLabel(m, 'uk', ui.en.catalog)).toBe('complete');
    expect(regionLabel(m, 'eu', ui.de.catalog)).toBe('vollständig, Light');
    expect(regionLabel(marker({ templates: ['public-complete-eu'] }), 'uk', ui.de.catalog)).toBe('nicht enthalten');
  });

  it('counts with the plural form of the page language', () => {
    expect(markerCountLabel(1, 'en', ui.en.catalog)).toBe('1 biomarker');
    expect(markerCountLabel(13, 'en', ui.en.catalog)).toBe('13 biomarkers');
    expect(markerCountLabel(1200, 'en', ui.en.catalog)).toBe('1,200 biomarkers');
    expect(markerCountLabel(1200, 'de', ui.de.catalog)).toBe('1.200 Biomarker');
  });

  it('gives calculated and premium markers their badges, in that order', () => {
    expect(markerBadges(marker({ premiumIn: ['eu', 'uk'], calculated: true }), ui.de.catalog)).toEqual([
      { kind: 'calculated', label: 'Berechnet' },
      { kind: 'premium', label: 'Premium' },
    ]);
    expect(markerBadges(marker({}), ui.en.catalog)).toEqual([]);
  });

  it('names the region of a premium badge when the marker is premium in only one of its regions', () => {
    expect(markerBadges(marker({ premiumIn: ['eu'] }), ui.en.catalog)).toEqual([
      { kind: 'premium', label: 'Premium (EU)' },
    ]);
    expect(markerBadges(marker({ premiumIn: ['uk'] }), ui.de.catalog)).toEqual([
      { kind: 'premium', label: 'Premium (UK)' },
    ]);
    const euOnly = marker({ premiumIn: ['eu'], templates: ['public-complete-eu'] });
    expect(markerBadges(euOnly, ui.en.catalog)).toEqual([{ kind: 'premium', label: 'Premium' }]);
  });
});

/** The Markdown twin of a page whose body is the catalog component alone. */
const twin = (locale: 'en' | 'de', data: PageDataState | undefined, strings: UiStrings = ui[locale], query = '') =>
  mdxToMarkdown('Intro.\n\n<BiomarkerCategories />\n', {
    title: 'Biomarkers',
    description: 'Every marker.',
    baseUrl: BASE,
    pagePath: locale === 'en' ? '/biomarkers' : '/de/biomarkers',
    context: {
      locale,
      slug: 'biomarkers',
      openApiDocument: () => {
        throw new Error('not on the biomarker page');
      },
      ui: strings,
      otherUi: [ui[locale === 'en' ? 'de' : 'en']],
      data,
      query: new URLSearchParams(query),
    },
  });

/** The marker rows of a twin's category tables (their first cell links a marker's page). */
const markerRows = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('| ['));

/** Cells of a GFM table row, with escaped pipes kept inside their cell. */
const cells = (row: string) =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

describe('the BiomarkerCategories Markdown converter', () => {
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  beforeAll(async () => {
    panels = await bundledPanels(BASE);
  });

  it('gives the browser, the panel overview, the index of categories, then an H2 and a table row per marker for every category', () => {
    const markdown = twin('en', loadedCatalog(panels));
    const h2 = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    const categories = [
      ...new Map(panels['public-complete-eu'].data.map((i) => [i.category!.uuid, i.category!])).values(),
    ].map((c) => c.translations.find((t) => t.locale === 'en')!.name);
    expect(h2).toEqual(['Find a biomarker', 'The four panels', 'Categories', ...categories]);
    // The index names every category, in the order of their sections.
    const index = markdown.split('## Categories\n')[1]!.split('\n## ')[0]!;
    expect(index.trim().split('\n')).toEqual(categories.map((name) => `- ${name}`));
    // Unfiltered, every marker is shown: the shown count equals the panel's.
    expect(markdown).toMatch(/^\| EU complete +\| `public-complete-eu` +\| 88 \/ 88 +\|$/m);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    for (const item of panels['public-complete-eu'].data) {
      const name = item.translations.find((t) => t.locale === 'en')!.name;
      expect(
        rows.some((row) =>
          cells(row)[0]!.startsWith(`[${name}](${BASE}/biomarkers/${String(item.metadata!['key'])}.md)`),
        ),
        name,
      ).toBe(true);
    }
  });

  it('follows the filters of its query: rows, counts and categories of the matching markers only', () => {
    const markdown = twin('en', loadedCatalog(panels), ui.en, 'region=uk&panel=light');
    const expected = panels['public-v2-light-uk'].data.length;
    expect(markerRows(markdown)).toHaveLength(expected);
    expect(markdown).toContain(`**Showing ${expected} of 90 biomarkers.**`);
    expect(markdown).toMatch(
      new RegExp(`^\\| UK light +\\| \`public-v2-light-uk\` +\\| ${expected} \\/ ${expected} +\\|$`, 'm'),
    );
    const german = twin('de', loadedCatalog(panels), ui.de, 'q=haemoglobin');
    const names = markerRows(german).map((row) => cells(row)[0]!);
    expect(names).toContainEqual(expect.stringMatching(/^\[Hämoglobin\]/));
    // The English search word found German names: each row is one of the haemoglobin family.
    expect(names.length).toBeLessThan(10);
    for (const name of names) expect(name).toMatch(/globin/i);
  });

  it("lists a search's matching categories in the index in the catalog's order, their sections by best match", () => {
    const all = twin('en', loadedCatalog(panels));
    const catalogOrder = [...all.matchAll(/^## (.+)$/gm)].map((m) => m[1]!).slice(3);
    const markdown = twin('en', loadedCatalog(panels), ui.en, 'q=protein');
    const index = markdown.split('## Categories\n')[1]!.split('\n## ')[0]!.trim().split('\n');
    const sections = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]!).slice(3);
    // A search ranks the sections: the best match's category comes first, not the catalog's first.
    expect(sections.length).toBeGreaterThan(1);
    expect(sections).not.toEqual(catalogOrder.filter((name) => sections.includes(name)));
    expect(index.map((line) => line.slice(2))).toEqual(catalogOrder.filter((name) => sections.includes(name)));
    expect([...index].sort()).toEqual(sections.map((name) => `- ${name}`).sort());
  });

  it('says when nothing matches and links the unfiltered list, and names ignored values', () => {
    const empty = twin('en', loadedCatalog(panels), ui.en, 'q=zzzz-no-marker');
    expect(markerRows(empty)).toEqual([]);
    expect(empty).toContain(`No biomarker matches these filters. [Clear all filters](${BASE}/biomarkers.md)`);
    const ignored = twin('de', loadedCatalog(panels), ui.de, 'region=mars');
    expect(ignored).toContain('`region`');
    expect(ignored).not.toContain('mars');
    expect(ignored).toContain('Einige Filter wurden übergangen');
    expect(markerRows(ignored)).toHaveLength(90);
  });

  it('writes a marker row with badges, uuid, unit, panels and description in the page language, linking its twin', () => {
    const markdown = twin('de', loadedCatalog(panels));
    const row = markdown.split('\n').find((line) => line.startsWith('| [Hämoglobin]'))!;
    const uuid = panels['public-complete-eu'].data.find((item) => item.metadata?.['key'] === 'haemoglobin')!.uuid;
    expect(cells(row)).toEqual([
      `[Hämoglobin](${BASE}/de/biomarkers/haemoglobin.md)`,
      `\`${uuid}\``,
      'g/L',
      'vollständig, Light',
      'vollständig, Light',
      expect.stringMatching(/^Der eisenhaltige rote Blutfarbstoff/),
    ]);
    const homa = markdown.split('\n').find((line) => line.startsWith('| [HOMA-IR'))!;
    expect(cells(homa)[0]).toMatch(/_\(Berechnet, Premium\)_$/);
  });

  it('keeps a table intact when catalog text holds a pipe or markup', () => {
    const data = {
      success: true as const,
      data: [
        {
          uuid: '00000000-0000-4000-8000-000000000001',
          translations: [{ locale: 'en', name: 'A|B <b>', description: 'x | y' }],
        },
      ],
    };
    const only = Object.fromEntries(CATALOG_TEMPLATES.map((t) => [t, data])) as Record<
      CatalogTemplate,
      BiomarkerCatalog
    >;
    const markdown = twin('en', loadedCatalog(only));
    const row = markdown.split('\n').find((line) => line.startsWith('| [A'))!;
    expect(cells(row)).toHaveLength(6);
    expect(markdown).toContain('A\\|B \\<b>'); // escaped: text, not a column break or a tag
    // No usable metadata.key: the marker's page is named by its uuid.
    expect(cells(row)[0]).toContain(`(${BASE}/biomarkers/00000000-0000-4000-8000-000000000001.md)`);
    expect(markdown).toContain('## Other biomarkers');
  });

  it('says the catalog is unavailable instead of listing nothing', () => {
    const markdown = twin('de', { ok: false, reason: 'The catalog origin answered 500.' });
    expect(markdown).toContain('> **Der Katalog ist gerade nicht verfügbar**\n>\n> Diese Liste');
    expect(markdown).not.toMatch(/^## |^\|/m);
    expect(markdown).not.toContain('500');
  });

  it('refuses to run on a page that has no catalog data', () => {
    expect(() => twin('en', undefined)).toThrow(/register its page with data: 'catalog'/);
  });
});

describe("the biomarker list's outline", () => {
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  beforeAll(async () => {
    panels = await bundledPanels(BASE);
  });
  const options = { locale: 'en', ui: ui.en.catalog, listPath: '/biomarkers', baseUrl: BASE };
  const view = () =>
    buildCatalogView(panels, { locale: 'en', baseUrl: BASE, otherCategory: ui.en.catalog.otherCategory });
  /** The category sections of an outline, as the page wraps them. */
  const sections = (outline: RootContent[]) =>
    outline
      .flatMap((node) => (node.type === 'pageElement' && node.element === 'div' ? node.children : []))
      .filter((node) => node.type === 'pageElement');

  it('keeps every category on the page, hidden where nothing matches, and the twin prints those with a match', () => {
    const filtered = filterCatalogView(view(), new URLSearchParams('q=ferritin'));
    const outline = catalogOutline(filtered, options);
    const page = sections(outline);
    expect(page).toHaveLength(view().categories.length);
    expect(
      page.filter((node) => node.data?.page?.['hidden'] === false).map((node) => node.data?.page?.['data-category']),
    ).toEqual(['iron']);
    const twin = catalogTwin(filtered, options);
    // "On this page" lists the index, which hides the categories a view has no match in, never a category itself.
    expect(outlineHeadings(twin).map((heading) => heading.slug)).toEqual([
      'browser-heading',
      'panels',
      'category-index-heading',
    ]);
    expect(outlineHeadings(outline).map((heading) => heading.slug)).not.toContain('lipids');
    // The count and the description are the page's paragraphs, the index lists the one category with a match.
    const markdown = markdownBlocks(twin, BASE);
    expect(markdown).toContain(
      '## Categories\n\n- Iron status\n\n## Iron status\n\n1 biomarker\n\nMarkers of how much iron',
    );
  });
});
