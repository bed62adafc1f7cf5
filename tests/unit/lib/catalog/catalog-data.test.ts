import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPanels } from '../../../../src/lib/catalog/build-panels.ts';
import { loadCatalogSource, type CatalogSource } from '../../../../src/lib/catalog/load-catalog-source.ts';
import { CATALOG_LOCALES, LOCALES } from '../../../../src/lib/content/locales.ts';
import {
  BiomarkerCatalogSchema,
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
} from '../../../../src/lib/schemas/catalog.ts';

const IDENTITY = fileURLToPath(new URL('../../../fixtures/marker-identity.json', import.meta.url));
const DATA = fileURLToPath(new URL('../../../../content/catalog/', import.meta.url));
const ICONS = fileURLToPath(new URL('../../../../public/images/categories/', import.meta.url));
const BASE = 'https://catalog.example';

let source: CatalogSource;
let panels: Record<(typeof CATALOG_TEMPLATES)[number], BiomarkerCatalog>;

beforeAll(async () => {
  source = await loadCatalogSource(DATA);
  panels = buildPanels(source, BASE);
});

const uuids = (catalog: BiomarkerCatalog) => new Set(catalog.data.map((item) => item.uuid));
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ(])/).filter(Boolean).length;

describe('bundled catalog data (content/catalog)', () => {
  it('builds four panels that the API schema accepts', () => {
    for (const template of CATALOG_TEMPLATES) {
      expect(BiomarkerCatalogSchema.safeParse(panels[template]).success).toBe(true);
    }
  });

  it.each([
    ['public-complete-eu', 80],
    ['public-v2-complete-uk', 70],
    ['public-light-eu', 30],
    ['public-v2-light-uk', 25],
  ] as const)('%s carries at least %i markers', (template, minimum) => {
    expect(panels[template].data.length).toBeGreaterThanOrEqual(minimum);
  });

  it.each([
    ['public-light-eu', 'public-complete-eu'],
    ['public-v2-light-uk', 'public-v2-complete-uk'],
  ] as const)('%s is a strict subset of %s', (light, complete) => {
    const all = uuids(panels[complete]);
    expect([...uuids(panels[light])].every((uuid) => all.has(uuid))).toBe(true);
    expect(panels[light].data.length).toBeLessThan(panels[complete].data.length);
  });

  it('gives every marker and category a unique uuid, and every marker a unique id and key', () => {
    const all = [...source.markers.map((m) => m.uuid), ...source.categories.map((c) => c.uuid)];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(source.markers.map((m) => m.id)).size).toBe(source.markers.length);
    expect(new Set(source.markers.map((m) => m.key)).size).toBe(source.markers.length);
  });

  it('keeps the key and uuid of every marker recorded in tests/fixtures/marker-identity.json', () => {
    // Keys and uuids are permanent (clients store them); a new marker is added to the fixture,
    // an existing entry never changes.
    const recorded = JSON.parse(readFileSync(IDENTITY, 'utf8')) as Record<string, string>;
    const current = Object.fromEntries(source.markers.map((m) => [m.key, m.uuid]));
    for (const [key, uuid] of Object.entries(recorded)) expect(current[key], key).toBe(uuid);
    expect(Object.keys(recorded).length).toBeGreaterThanOrEqual(90);
  });

  it('names every marker and category in every locale, and describes them in en and de', () => {
    for (const entry of [...source.markers, ...source.categories]) {
      for (const locale of CATALOG_LOCALES) expect(entry.translations[locale].name.trim()).not.toBe('');
      for (const locale of LOCALES) {
        const description = entry.translations[locale].description ?? '';
        expect(description.trim(), `${'key' in entry ? entry.key : entry.type} ${locale}`).not.toBe('');
        expect(sentences(description)).toBeLessThanOrEqual(3);
      }
    }
  });

  it('serves translations in seven locales, each with a BCP 47 tag', () => {
    const item = panels['public-complete-eu'].data[0]!;
    expect(item.translations.map((t) => t.locale)).toEqual([...CATALOG_LOCALES]);
    expect(item.category?.translations.map((t) => t.locale)).toEqual([...CATALOG_LOCALES]);
  });

  it('has at least 8 categories, each with a served icon at {BASE_URL}/images/categories/<type>.svg', () => {
    expect(source.categories.length).toBeGreaterThanOrEqual(8);
    for (const category of source.categories) {
      const svg = readFileSync(`${ICONS}${category.type}.svg`, 'utf8');
      expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|href="http/i);
    }
    const item = panels['public-complete-eu'].data.find((i) => i.category?.type === 'lipids');
    expect(item?.category?.imageUrl).toBe(`${BASE}/images/categories/lipids.svg`);
    expect(existsSync(`${ICONS}lipids.svg`)).toBe(true);
  });

  it.each([
    ['public-complete-eu', 'public-light-eu'],
    ['public-v2-complete-uk', 'public-v2-light-uk'],
  ] as const)(
    'marks premium on %s exactly the markers missing from %s, and none on a light panel',
    (complete, light) => {
      const onLight = uuids(panels[light]);
      for (const item of panels[complete].data) {
        expect(item.premium === true, String(item.metadata?.['key'])).toBe(!onLight.has(item.uuid));
      }
      expect(panels[light].data.filter((item) => item.premium !== undefined)).toEqual([]);
    },
  );

  it('decides premium per region: urea is premium in the EU but on the UK light panel, glucose the reverse', () => {
    const premium = (template: (typeof CATALOG_TEMPLATES)[number], key: string) =>
      panels[template].data.find((item) => item.metadata?.['key'] === key)?.premium === true;
    expect([premium('public-complete-eu', 'urea'), premium('public-v2-complete-uk', 'urea')]).toEqual([true, false]);
    expect([
      premium('public-complete-eu', 'fasting-glucose'),
      premium('public-v2-complete-uk', 'fasting-glucose'),
    ]).toEqual([false, true]);
  });

  it('serves RDW on both light panels, as a full blood count reports it; MPV stays premium in the UK', () => {
    const premium = (template: (typeof CATALOG_TEMPLATES)[number], key: string) =>
      panels[template].data.find((item) => item.metadata?.['key'] === key)?.premium === true;
    const light = (template: (typeof CATALOG_TEMPLATES)[number], key: string) =>
      panels[template].data.some((item) => item.metadata?.['key'] === key);
    expect([light('public-light-eu', 'rdw'), light('public-v2-light-uk', 'rdw')]).toEqual([true, true]);
    expect([premium('public-complete-eu', 'rdw'), premium('public-v2-complete-uk', 'rdw')]).toEqual([false, false]);
    // Most NHS laboratories suppress MPV: it stays off the UK light panel.
    expect([premium('public-complete-eu', 'mpv'), premium('public-v2-complete-uk', 'mpv')]).toEqual([false, true]);
  });

  it('marks derived markers as computed, and only those are calculated', () => {
    const computed = source.markers.filter((m) => m.computedInternally).map((m) => m.key);
    for (const key of ['egfr', 'non-hdl-cholesterol', 'homa-ir', 'transferrin-saturation']) {
      expect(computed).toContain(key);
    }
    // MCH, MCHC and LDL are reported by the analyser or the lab, not calculated by us (see the data)
    for (const key of ['mch', 'mchc', 'ldl-cholesterol']) expect(computed).not.toContain(key);
    for (const marker of source.markers) {
      expect(marker.specimen === 'calculated', marker.key).toBe(Boolean(marker.computedInternally));
    }
  });

  it('records LDL cholesterol as a measured serum value on all four panels, the UK ones included', () => {
    // UK labs usually calculate LDL; the catalog does not, and its description says labs do either.
    for (const template of CATALOG_TEMPLATES) {
      const ldl = panels[template].data.find((item) => item.metadata?.['key'] === 'ldl-cholesterol');
      expect(ldl?.computedInternally, template).not.toBe(true);
      expect(ldl?.metadata?.['specimen'], template).toBe('serum');
    }
    const en = source.markers.find((m) => m.key === 'ldl-cholesterol')?.translations.en.description;
    expect(en).toMatch(/calculate/);
  });

  it('serves homocysteine in the vitamins category, with its id, key and uuid unchanged', () => {
    const vitamins = source.categories.find((c) => c.type === 'vitamins')!;
    for (const template of ['public-complete-eu', 'public-v2-complete-uk'] as const) {
      const item = panels[template].data.find((i) => i.metadata?.['key'] === 'homocysteine');
      expect(item?.category?.uuid, template).toBe(vitamins.uuid);
      expect(item?.uuid).toBe('aa5f9268-519f-4047-93b5-8c0870cdaa31');
      expect(item?.id).toBe(1002);
    }
  });

  it('names the inputs of every computed marker, and every panel that carries it carries them', () => {
    const byKey = new Map(source.markers.map((m) => [m.key, m]));
    for (const marker of source.markers.filter((m) => m.computedInternally)) {
      expect(marker.derivedFrom?.length, marker.key).toBeGreaterThan(0);
      for (const panel of marker.panels) {
        for (const input of marker.derivedFrom ?? []) {
          const choices = typeof input === 'string' ? [input] : input;
          const carried = choices.some((key) => byKey.get(key)?.panels.includes(panel));
          expect(carried, `${marker.key} on ${panel} needs ${choices.join(' or ')}`).toBe(true);
        }
      }
    }
  });

  it('serves the inputs of a computed marker in its metadata', () => {
    const tsat = panels['public-v2-complete-uk'].data.find((i) => i.metadata?.['key'] === 'transferrin-saturation');
    expect(tsat?.metadata?.['derivedFrom']).toEqual(['serum-iron', ['transferrin', 'tibc']]);
    const ferritin = panels['public-v2-complete-uk'].data.find((i) => i.metadata?.['key'] === 'ferritin');
    expect(ferritin?.metadata).not.toHaveProperty('derivedFrom');
  });

  it('covers the markers a preventive panel must carry', () => {
    const keys = new Set(source.markers.map((m) => m.key));
    for (const key of [
      'ldl-cholesterol',
      'hdl-cholesterol',
      'triglycerides',
      'apolipoprotein-b',
      'hba1c',
      'creatinine',
      'alt',
      'ggt',
      'ferritin',
      'tsh',
      'hs-crp',
      'vitamin-b12',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });

  it('reports SI units, with the UK unit where UK labs differ', () => {
    const eu = panels['public-complete-eu'].data;
    const uk = panels['public-v2-complete-uk'].data;
    const byKey = (items: typeof eu, key: string) => items.find((i) => i.metadata?.['key'] === key);
    expect(byKey(eu, 'hba1c')?.unit).toBe('mmol/mol');
    expect(byKey(eu, 'ldl-cholesterol')?.unit).toBe('mmol/L');
    for (const key of ['haemoglobin', 'mchc']) expect(byKey(eu, key)?.unit, key).toBe('g/L');
    expect(byKey(eu, 'haematocrit')?.unit).toBe('L/L');
    expect(byKey(eu, 'red-blood-cells')?.unit).toBe('×10¹²/L');
    expect(byKey(eu, 'platelets')?.unit).toBe('×10⁹/L');
    for (const marker of source.markers) {
      // no conventional (dL-based) units, no caret notation, no override that repeats the EU unit
      expect(marker.unit ?? '', marker.key).not.toMatch(/dL|\^/);
      expect(marker.unitUk ?? '', marker.key).not.toMatch(/dL|\^/);
      if (marker.unitUk !== undefined) expect(marker.unitUk, marker.key).not.toBe(marker.unit);
    }
    const ukDiffers = source.markers.filter((m) => m.unitUk !== undefined && m.panels.includes('complete-uk'));
    expect(ukDiffers.length).toBeGreaterThan(0);
    for (const marker of ukDiffers) expect(byKey(uk, marker.key)?.unit).toBe(marker.unitUk);
  });
});
