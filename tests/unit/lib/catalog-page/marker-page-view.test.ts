import { beforeAll, describe, expect, it } from 'vitest';
import { buildMarkerPageView } from '../../../../src/lib/catalog-page/build-marker-page-view.ts';
import { jsonLdText, markerJsonLd, MEDICAL_TEST_PROPERTIES } from '../../../../src/lib/catalog-page/marker-json-ld.ts';
import { assignMarkerKeys, derivedFromKeys } from '../../../../src/lib/catalog-page/marker-keys.ts';
import { matchCategories, parseFilter } from '../../../../src/lib/catalog-page/biomarker-filter.ts';
import { buildCatalogView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import {
  derivedFromParts,
  languageName,
  markerSearchWords,
  regionRows,
} from '../../../../src/lib/catalog-page/marker-labels.ts';
import { markerSample } from '../../../../src/lib/catalog-page/marker-sample.ts';
import { outlineHeadings } from '../../../../src/lib/markdown/mdast-builders.ts';
import { markerPageOutline } from '../../../../src/lib/catalog-page/marker-page-outline.ts';
import { twinNodes } from '../../../../src/lib/markdown/page-outline.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { CATALOG_TEMPLATES, type BiomarkerCatalog, type CatalogTemplate } from '../../../../src/lib/schemas/catalog.ts';
import { parseMarkerGuides } from '../../../../src/lib/catalog/marker-guides.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { bundledPanels, smallCatalog } from '../../../helpers/catalog-fixture.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';

const BASE = 'https://catalog.example';
const options = (locale: string) => ({ locale, baseUrl: BASE, otherCategory: 'Other biomarkers' });
const ui = { en: UiStringsSchema.parse(readUiStrings('en')), de: UiStringsSchema.parse(readUiStrings('de')) };

/** The same panel in all four templates. */
const everywhere = (panel: BiomarkerCatalog) =>
  Object.fromEntries(CATALOG_TEMPLATES.map((t) => [t, panel])) as Record<CatalogTemplate, BiomarkerCatalog>;

describe('assignMarkerKeys', () => {
  it('uses metadata.key, and the uuid where the key is missing, unusable or already taken', () => {
    const panel = smallCatalog(4);
    panel.data[0]!.metadata = { key: 'ferritin' };
    panel.data[1]!.metadata = { key: 'ferritin' }; // taken by the first
    panel.data[2]!.metadata = { key: 'Not A Key/..' };
    const keys = assignMarkerKeys(everywhere(panel));
    expect([...keys.values()]).toEqual([
      'ferritin',
      panel.data[1]!.uuid,
      panel.data[2]!.uuid,
      panel.data[3]!.uuid, // no metadata at all
    ]);
  });

  it('gives every bundled marker its permanent key', async () => {
    const panels = await bundledPanels(BASE);
    const keys = [...assignMarkerKeys(panels).values()];
    expect(keys).toHaveLength(90);
    expect(keys).toContain('egfr');
    expect(keys.every((key) => /^[a-z0-9-]+$/.test(key))).toBe(true);
  });

  it('reads derivedFrom as groups of alternatives and ignores what is not a key', () => {
    const [item] = smallCatalog(1).data;
    item!.metadata = { derivedFrom: ['serum-iron', ['transferrin', 'tibc'], 7, [null]] };
    expect(derivedFromKeys(item!)).toEqual([['serum-iron'], ['transferrin', 'tibc']]);
    item!.metadata = { derivedFrom: 'creatinine' };
    expect(derivedFromKeys(item!)).toEqual([]);
  });
});

describe('buildMarkerPageView on the bundled catalog', () => {
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  beforeAll(async () => {
    panels = await bundledPanels(BASE);
  });

  it('reads the specimen from metadata, and takes the other names of the page language by key', () => {
    const hba1c = buildMarkerPageView(panels, 'hba1c', { ...options('de'), aliases: ui.de.marker.aliases })!;
    expect(hba1c.specimen).toBe('whole-blood');
    expect(hba1c.aliases).toEqual(ui.de.marker.aliases['hba1c']);
    const ferritin = buildMarkerPageView(panels, 'ferritin', { ...options('en'), aliases: ui.en.marker.aliases })!;
    expect([ferritin.specimen, ferritin.aliases]).toEqual(['serum', []]);
  });

  it("shows as other names only words the browser's search finds the marker by, and only for markers that exist", () => {
    for (const locale of ['en', 'de'] as const) {
      const view = buildCatalogView(panels, { ...options(locale), searchTerms: markerSearchWords(ui[locale]) });
      const keys = new Set(view.categories.flatMap((category) => category.markers.map((marker) => marker.key)));
      for (const [key, aliases] of Object.entries(ui[locale].marker.aliases)) {
        expect(keys, `${locale}: ${key}`).toContain(key);
        for (const alias of aliases) {
          const { filter } = parseFilter(new URLSearchParams({ q: alias }));
          const { shown } = matchCategories(view.categories, filter, view.reading);
          const marker = view.categories.flatMap((category) => category.markers).find((m) => m.key === key)!;
          expect(shown.has(marker.uuid), `${locale}: ${alias}`).toBe(true);
        }
      }
    }
  });

  it('is undefined for a key no panel carries', () => {
    expect(buildMarkerPageView(panels, 'no-such-marker', options('en'))).toBeUndefined();
  });

  it('shows eGFR as calculated from creatinine, linked by its page key, in the page language', () => {
    const view = buildMarkerPageView(panels, 'egfr', options('de'))!;
    expect(view.marker.calculated).toBe(true);
    expect(view.derivedFrom).toEqual([[{ key: 'creatinine', name: { text: 'Kreatinin', lang: 'de' } }]]);
    expect(view.category).toEqual({ anchor: 'kidney', name: { text: 'Nieren', lang: 'de' } });
    expect(view.metadataKey).toBe('egfr');
    expect(view.names.map((name) => name.lang)).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'sv']);
  });

  it('names non-HDL cholesterol inputs in their order, and transferrin saturation alternatives as one group', () => {
    const nonHdl = buildMarkerPageView(panels, 'non-hdl-cholesterol', options('en'))!;
    expect(nonHdl.derivedFrom.map((group) => group.map((input) => input.key))).toEqual([
      ['total-cholesterol'],
      ['hdl-cholesterol'],
    ]);
    const tsat = buildMarkerPageView(panels, 'transferrin-saturation', options('en'))!;
    expect(tsat.derivedFrom.map((group) => group.map((input) => input.key))).toEqual([
      ['serum-iron'],
      ['transferrin', 'tibc'],
    ]);
    const parts = derivedFromParts(tsat.derivedFrom, 'de').map((p) => (typeof p === 'string' ? p : p.key));
    expect(parts).toEqual(['serum-iron', ' und ', 'transferrin', ' oder ', 'tibc']);
  });

  it('gives each region its unit, panels and premium flag (urea: premium in the EU only)', () => {
    const rows = (key: string) =>
      regionRows(buildMarkerPageView(panels, key, options('en'))!.marker, ui.en.marker, ui.en.catalog, 'en');
    expect(rows('urea')).toEqual([
      ['EU', 'mmol/L', 'complete', 'yes'],
      ['UK', 'mmol/L', 'complete, light', 'no'],
    ]);
    expect(rows('fasting-insulin').map(([, unit]) => unit)).toEqual(['mU/L', 'pmol/L']);
  });

  it('fetches a panel that carries the marker in its API sample, in every language, filtered by uuid', () => {
    const tibc = buildMarkerPageView(panels, 'tibc', options('en'))!; // UK only
    const sample = markerSample(tibc, BASE, 'en');
    expect(sample.variants.map((variant) => variant.language)).toEqual(['curl', 'javascript', 'python', 'typescript']);
    for (const variant of sample.variants) {
      expect(variant.code).toContain('public-v2-complete-uk');
      expect(variant.code).toContain(tibc.marker.uuid);
      expect(variant.code).toContain(BASE);
      expect(variant.output).toBe(`${tibc.marker.uuid} Total iron-binding capacity (TIBC) ${tibc.marker.unitUk}`);
    }
    // On a German page it selects, and prints, the German name.
    const german = tibc.names.find((name) => name.lang === 'de')!.text;
    for (const variant of markerSample(tibc, BASE, 'de').variants) {
      expect(variant.code).toMatch(/locale (==|===) ['"]de['"]|\["locale"\] == "de"/);
      expect(variant.output).toBe(`${tibc.marker.uuid} ${german} ${tibc.marker.unitUk}`);
    }
  });

  it('ends the printed line with the name for an index without a unit, with no trailing space', () => {
    const homa = buildMarkerPageView(panels, 'homa-ir', options('en'))!;
    expect(homa.marker.unitEu).toBeUndefined();
    for (const variant of markerSample(homa, BASE, 'en').variants) {
      expect(variant.output).toBe(`${homa.marker.uuid} HOMA-IR (insulin resistance index)`);
    }
  });

  /** eGFR's page (calculated, with other names) as its twin prints it. */
  const egfrTwin = (locale: 'en' | 'de' = 'en') => {
    const view = buildMarkerPageView(panels, 'egfr', { ...options(locale), aliases: ui[locale].marker.aliases })!;
    const listPath = locale === 'en' ? '/biomarkers' : '/de/biomarkers';
    const outline = markerPageOutline(view, {
      locale,
      baseUrl: BASE,
      listPath,
      pagePath: `${listPath}/egfr`,
      ui: ui[locale].marker,
      catalogUi: ui[locale].catalog,
    });
    return { view, nodes: twinNodes(outline) };
  };

  it('names the age and sex eGFR is calculated from besides creatinine, and writes its unit as the language does', () => {
    const twin = (locale: 'en' | 'de') =>
      remark()
        .use(remarkGfm)
        .stringify({ type: 'root', children: egfrTwin(locale).nodes });
    const en = twin('en');
    const de = twin('de');
    expect(en).toContain('**Calculated**: yes, from [Creatinine](/biomarkers/creatinine), with age and sex\n');
    expect(de).toContain('**Berechnet**: ja, aus [Kreatinin](/de/biomarkers/creatinine) sowie Alter und Geschlecht\n');
    expect(de).toMatch(/^\| EU +\| mL\/min\/1,73 m² +\|/m);
    expect(de).toContain(ui.de.marker.conventionalUnitsHint);
    // The request sample prints the unit as the API serves it, on a German page too.
    expect(de).toContain('mL/min/1.73 m²');
    // A marker calculated from markers alone keeps its plain line.
    const nonHdl = buildMarkerPageView(panels, 'non-hdl-cholesterol', options('en'))!;
    const nonHdlTwin = remark()
      .use(remarkGfm)
      .stringify({
        type: 'root',
        children: twinNodes(
          markerPageOutline(nonHdl, {
            locale: 'en',
            baseUrl: BASE,
            listPath: '/biomarkers',
            pagePath: '/biomarkers/non-hdl-cholesterol',
            ui: ui.en.marker,
            catalogUi: ui.en.catalog,
          }),
        ),
      });
    expect(nonHdlTwin).toMatch(
      /\*\*Calculated\*\*: yes, from \[Total cholesterol\]\([^)]+\) and \[HDL cholesterol\]\([^)]+\)\n/,
    );
  });

  it('has Markdown with the facts, links on the site, a row per region and per language, and the sample', () => {
    const { view, nodes } = egfrTwin();
    const markdown = remark().use(remarkGfm).stringify({ type: 'root', children: nodes });
    expect(markdown).toContain('**Category**: [Kidneys](/biomarkers#kidney)');
    expect(markdown).toContain('**Calculated**: yes, from [Creatinine](/biomarkers/creatinine)');
    // The facts in the page's order: other names first, the specimen after the category.
    const facts = markdown.slice(markdown.indexOf('## At a glance'), markdown.indexOf('## Units'));
    expect(facts.match(/^\* \*\*[^*]+\*\*/gm)).toEqual([
      '* **Also known as**',
      '* **Category**',
      '* **Calculated**',
      '* **UUID (permanent)**',
      '* **Page key**',
    ]);
    expect(facts).toContain('**Also known as**: estimated glomerular filtration rate');
    // A calculated marker has no sample of its own: no specimen line.
    expect(facts).not.toContain('**Specimen**');
    expect(facts).toContain('**Page key**: `egfr` — Names this page; in your data, store the UUID.');
    expect(markdown).toMatch(/^\| EU +\| mL\/min\/1\.73 m² +\| complete, light +\| no +\|$/m);
    expect(markdown).toMatch(/^\| Swedish \(sv\) +\| Estimerad GFR/m);
    expect(markdown).toContain(`select(.uuid == "${view.marker.uuid}")`);
    for (const heading of ['### curl\n\n```sh\n', '### JavaScript\n\n```js\n', '### Python\n\n```python\n'])
      expect(markdown).toContain(heading);
  });

  it("gives its table of contents from the same headings its twin prints, with the page's anchors", () => {
    const { nodes } = egfrTwin();
    const contents = outlineHeadings(nodes);
    // The sample's per-language headings are the twin's alone: the page lists its sections.
    expect(contents.map((heading) => heading.slug)).toEqual(['facts', 'regions', 'names', 'api']);
    expect(contents.every((heading) => heading.depth === 2)).toBe(true);
    const markdown = remark().use(remarkGfm).stringify({ type: 'root', children: nodes });
    for (const heading of contents) expect(`\n${markdown}`).toContain(`\n## ${heading.text}\n`);
    expect(contents[0]!.text).toBe(ui.en.marker.factsHeading);
  });
});

describe("a marker's guide on its page", () => {
  const DATA = fileURLToPath(new URL('../../../../content/catalog/', import.meta.url));
  const files = Object.fromEntries(
    readdirSync(`${DATA}markers`).map((name) => [name, readFileSync(`${DATA}markers/${name}`, 'utf8')]),
  );
  const guides = parseMarkerGuides(files, readFileSync(`${DATA}sources.yaml`, 'utf8'));
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  beforeAll(async () => {
    panels = await bundledPanels(BASE);
  });

  const twin = (key: string, locale: 'en' | 'de', withGuides = guides) => {
    const view = buildMarkerPageView(panels, key, { ...options(locale), guides: withGuides })!;
    const listPath = locale === 'en' ? '/biomarkers' : '/de/biomarkers';
    const nodes = twinNodes(
      markerPageOutline(view, {
        locale,
        baseUrl: BASE,
        listPath,
        pagePath: `${listPath}/${key}`,
        ui: ui[locale].marker,
        catalogUi: ui[locale].catalog,
      }),
    );
    return { nodes, markdown: remark().use(remarkGfm).stringify({ type: 'root', children: nodes }) };
  };

  it('teaches why it is tested, what a higher and a lower result can mean, what affects it and how to prepare', () => {
    const { nodes, markdown } = twin('hba1c', 'en');
    const guide = guides.guides.get('hba1c')!;
    expect(outlineHeadings(nodes).map((heading) => heading.slug)).toEqual([
      'facts',
      'why-tested',
      'results',
      'results-higher',
      'results-lower',
      'what-affects-it',
      'preparation',
      'read-together',
      'sources',
      'regions',
      'names',
      'api',
    ]);
    for (const section of [guide.why, guide.higher, guide.lower, guide.affects!, guide.preparation!])
      expect(markdown).toContain(`\n${section.en}\n`);
    // Why there is no range, under the results.
    const results = markdown.slice(markdown.indexOf('## What a result can mean'), markdown.indexOf('## What can'));
    expect(results).toContain(ui.en.marker.noRangeNote);
    // Each section names the works it rests on; the list gives them whole, linked where they are online.
    expect(markdown).toContain('\nSources: NICE NG28 · WHO HbA1c 2011 · ADA Standards of Care\n');
    expect(markdown).toContain(
      '* [Type 2 diabetes in adults: management (NG28)](https://www.nice.org.uk/guidance/ng28). National Institute for Health and Care Excellence (NICE), 2022.',
    );
    expect(markdown).toContain('* *Use of glycated haemoglobin (HbA1c) in the diagnosis of diabetes mellitus*. ');
  });

  it('links the markers read together with it, by their names in the page language', () => {
    expect(twin('hba1c', 'en').markdown).toContain('* [Fasting glucose](/biomarkers/fasting-glucose)\n');
    const de = twin('hba1c', 'de').markdown;
    expect(de).toContain('* [Glukose (nüchtern)](/de/biomarkers/fasting-glucose)\n');
    expect(de).toContain('## Warum der Test gemacht wird\n');
    expect(de).toContain(`\n${guides.guides.get('hba1c')!.why.de}\n`);
    expect(de).not.toContain(guides.guides.get('hba1c')!.why.en);
  });

  it('leaves out a related marker the catalog does not carry, and every section a marker has no guide for', () => {
    const fewer = new Map(guides.guides);
    fewer.set('hba1c', { ...guides.guides.get('hba1c')!, related: ['fasting-glucose', 'creatinine'] });
    fewer.delete('fasting-glucose');
    const withFewer = { guides: fewer, sources: guides.sources };
    const missing = structuredClone(panels);
    for (const template of CATALOG_TEMPLATES)
      missing[template].data = missing[template].data.filter((item) => item.metadata?.['key'] !== 'creatinine');
    const view = buildMarkerPageView(missing, 'hba1c', { ...options('en'), guides: withFewer })!;
    expect(view.guide!.related.map((marker) => marker.key)).toEqual(['fasting-glucose']);
    const without = twin('fasting-glucose', 'en', withFewer);
    expect(outlineHeadings(without.nodes).map((heading) => heading.slug)).toEqual(['facts', 'regions', 'names', 'api']);
  });
});

describe('languageName', () => {
  it('names a language in the page language, with its tag', () => {
    expect(languageName('fr', 'de')).toBe('Französisch (fr)');
    expect(languageName('sv', 'en')).toBe('Swedish (sv)');
    expect(languageName('not a tag', 'en')).toBe('not a tag');
  });
});

describe('markerJsonLd', () => {
  it('is a schema.org MedicalTest using only properties the vocabulary gives it', async () => {
    const panels = await bundledPanels(BASE);
    const view = buildMarkerPageView(panels, 'egfr', options('en'))!;
    const ld = markerJsonLd(view, `${BASE}/biomarkers/egfr`);
    expect(ld['@type']).toBe('MedicalTest');
    const properties = Object.keys(ld).filter((key) => !key.startsWith('@'));
    expect(properties.every((p) => (MEDICAL_TEST_PROPERTIES as readonly string[]).includes(p))).toBe(true);
    expect(ld.alternateName).toContain('Geschätzte GFR (eGFR, CKD-EPI)');
    expect(ld.alternateName).not.toContain(ld.name);
    expect(ld.identifier.map((id) => id.propertyID)).toEqual(['uuid', 'key']);
  });

  it('cannot close its script element, whatever the catalog says', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
