import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogView, type CatalogView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import { langAttribute, pickText } from '../../../../src/lib/catalog-page/pick-translation.ts';
import { loadCatalogSource, type CatalogSource } from '../../../../src/lib/catalog/load-catalog-source.ts';
import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
  type Category,
} from '../../../../src/lib/schemas/catalog.ts';
import { bundledPanels } from '../../../helpers/catalog-fixture.ts';
import { CONTENT_DIR } from '../../../helpers/content-files.ts';

const BASE = 'https://catalog.example';
const options = (locale: string) => ({ locale, baseUrl: BASE, otherCategory: 'Other biomarkers' });

describe('pickText', () => {
  const t = (locale: string, name: string, description?: string) => ({
    locale,
    name,
    ...(description === undefined ? {} : { description }),
  });

  it('prefers the exact tag, then the same language, then English, then the first', () => {
    expect(pickText([t('de-AT', 'A'), t('de', 'B')], 'de', 'name')).toEqual({ text: 'B', lang: 'de' });
    expect(pickText([t('de', 'B'), t('de-AT', 'A')], 'de-AT', 'name')).toEqual({ text: 'A', lang: 'de-AT' });
    expect(pickText([t('en', 'E'), t('DE-de', 'D')], 'de', 'name')).toEqual({ text: 'D', lang: 'DE-de' });
    expect(pickText([t('fr', 'F'), t('en-GB', 'E')], 'de', 'name')).toEqual({ text: 'E', lang: 'en-GB' });
    expect(pickText([t('fr', 'F'), t('it', 'I')], 'de', 'name')).toEqual({ text: 'F', lang: 'fr' });
  });

  it('looks for a description on its own, falling back to English when the page language has none', () => {
    const translations = [t('de', 'Hämoglobin'), t('en', 'Haemoglobin', 'Carries oxygen.')];
    expect(pickText(translations, 'de', 'name')).toEqual({ text: 'Hämoglobin', lang: 'de' });
    expect(pickText(translations, 'de', 'description')).toEqual({ text: 'Carries oxygen.', lang: 'en' });
    expect(pickText([t('de', 'X')], 'de', 'description')).toBeUndefined();
    expect(pickText([], 'en', 'name')).toBeUndefined();
  });

  it('marks a text with lang only when its language differs from the page', () => {
    expect(langAttribute({ text: 'x', lang: 'de-DE' }, 'de')).toBeUndefined();
    expect(langAttribute({ text: 'x', lang: 'en' }, 'de')).toBe('en');
  });
});

describe('buildCatalogView on the bundled catalog', () => {
  let source: CatalogSource;
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  let en: CatalogView;
  let de: CatalogView;
  beforeAll(async () => {
    source = await loadCatalogSource(`${CONTENT_DIR}catalog/`);
    panels = await bundledPanels(BASE);
    en = buildCatalogView(panels, options('en'));
    de = buildCatalogView(panels, options('de'));
  });

  it('has one section per category, in the catalog order, anchored by the category key', () => {
    expect(en.categories.map((c) => c.anchor)).toEqual(source.categories.map((c) => c.type));
    expect(en.categories.map((c) => c.name.text)).toEqual(source.categories.map((c) => c.translations.en.name));
    expect(de.categories.map((c) => c.name.text)).toEqual(source.categories.map((c) => c.translations.de.name));
    expect(en.categories.every((c) => c.description !== undefined)).toBe(true);
  });

  it('lists every marker of any panel once, in its category, with the panel counts', () => {
    const uuids = en.categories.flatMap((c) => c.markers.map((m) => m.uuid));
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(uuids.sort()).toEqual(source.markers.map((m) => m.uuid).sort());
    for (const template of CATALOG_TEMPLATES) expect(en.counts[template]).toBe(panels[template].data.length);
    for (const category of en.categories) {
      const expected = source.markers.filter((m) => m.category === category.anchor).map((m) => m.uuid);
      expect(category.markers.map((m) => m.uuid).sort()).toEqual(expected.sort());
    }
  });

  it('names markers in the page language and records the panels, units and flags of each', () => {
    const all = de.categories.flatMap((c) => c.markers);
    for (const marker of source.markers) {
      const view = all.find((m) => m.uuid === marker.uuid)!;
      expect(view.name).toEqual({ text: marker.translations.de.name, lang: 'de' });
      expect(view.description?.text).toBe(marker.translations.de.description);
      const templates = CATALOG_TEMPLATES.filter((t) => panels[t].data.some((item) => item.uuid === marker.uuid));
      expect(view.templates).toEqual(templates);
      expect(view.calculated).toBe(marker.computedInternally === true);
      const premiumIn = (['eu', 'uk'] as const).filter(
        (region) => marker.panels.includes(`complete-${region}`) && !marker.panels.includes(`light-${region}`),
      );
      expect(view.premiumIn, marker.key).toEqual(premiumIn);
    }
    const haemoglobin = all.find((m) => m.name.text === 'Hämoglobin')!;
    expect([haemoglobin.unitEu, haemoglobin.unitUk]).toEqual(['g/L', 'g/L']);
    const insulin = all.find((m) => m.name.text === 'Insulin (nüchtern)')!;
    expect([insulin.unitEu, insulin.unitUk]).toEqual(['mU/L', 'pmol/L']);
  });

  it('shows the icons the catalog links on this site, as paths', () => {
    expect(en.categories.map((c) => c.iconPath)).toEqual(
      source.categories.map((c) => `/images/categories/${c.type}.svg`),
    );
  });
});

describe('buildCatalogView on edge cases of the API contract', () => {
  const category = (n: number, type?: string, imageUrl?: string): Category => ({
    uuid: `10000000-0000-4000-8000-00000000000${n}`,
    ...(type === undefined ? {} : { type }),
    ...(imageUrl === undefined ? {} : { imageUrl }),
    translations: [{ locale: 'en', name: `Category ${n}` }],
  });
  const item = (n: number, extra: Partial<BiomarkerCatalogItem> = {}): BiomarkerCatalogItem => ({
    uuid: `00000000-0000-4000-8000-00000000000${n}`,
    translations: [{ locale: 'en', name: `Marker ${n}` }],
    ...extra,
  });
  const catalog = (...data: BiomarkerCatalogItem[]): BiomarkerCatalog => ({ success: true, data });
  const panelsOf = (p: Partial<Record<CatalogTemplate, BiomarkerCatalog>>) =>
    Object.fromEntries(CATALOG_TEMPLATES.map((t) => [t, p[t] ?? catalog()])) as Record<
      CatalogTemplate,
      BiomarkerCatalog
    >;

  it('groups markers without a category last, under the "other" name', () => {
    const a = category(1, 'lipids');
    const view = buildCatalogView(
      panelsOf({ 'public-complete-eu': catalog(item(1), item(2, { category: a })) }),
      options('en'),
    );
    expect(view.categories.map((c) => [c.anchor, c.name.text])).toEqual([
      ['lipids', 'Category 1'],
      ['other', 'Other biomarkers'],
    ]);
  });

  it('appends markers only the UK panels carry, with the UK unit alone', () => {
    const a = category(1, 'x');
    const view = buildCatalogView(
      panelsOf({
        'public-complete-eu': catalog(item(1, { category: a, unit: 'g/dL' })),
        'public-v2-complete-uk': catalog(item(2, { category: a, unit: 'g/L' }), item(1, { category: a, unit: 'g/L' })),
        'public-v2-light-uk': catalog(item(2, { category: a, unit: 'g/L', computedInternally: true })),
      }),
      options('en'),
    );
    const [first, second] = view.categories[0]!.markers;
    expect(first).toMatchObject({
      unitEu: 'g/dL',
      unitUk: 'g/L',
      templates: ['public-complete-eu', 'public-v2-complete-uk'],
    });
    expect(second).toMatchObject({ unitEu: undefined, unitUk: 'g/L', calculated: true });
    expect(second!.templates).toEqual(['public-v2-complete-uk', 'public-v2-light-uk']);
    expect(view.counts).toEqual({
      'public-complete-eu': 1,
      'public-light-eu': 0,
      'public-v2-complete-uk': 2,
      'public-v2-light-uk': 1,
    });
  });

  it('gives every section a unique id that does not clash with the page’s own', () => {
    const view = buildCatalogView(
      panelsOf({
        'public-complete-eu': catalog(
          item(1, { category: category(1, 'panels') }),
          item(2, { category: category(2, 'X y') }),
          item(3, { category: category(3, 'x-y') }),
          item(4, { category: category(4) }),
        ),
      }),
      options('en'),
    );
    expect(view.categories.map((c) => c.anchor)).toEqual([
      'panels-2',
      'x-y',
      'x-y-2',
      '10000000-0000-4000-8000-000000000004',
    ]);
  });

  it('shows no icon the Content-Security-Policy would block (another origin) or that is missing', () => {
    const view = buildCatalogView(
      panelsOf({
        'public-complete-eu': catalog(
          item(1, { category: category(1, 'a', 'https://cdn.example/a.svg') }),
          item(2, { category: category(2, 'b') }),
          item(3, { category: category(3, 'c', `${BASE}/images/c.svg?v=2`) }),
        ),
      }),
      options('en'),
    );
    expect(view.categories.map((c) => c.iconPath)).toEqual([undefined, undefined, '/images/c.svg?v=2']);
  });
});
