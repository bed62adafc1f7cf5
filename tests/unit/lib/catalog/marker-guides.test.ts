import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPanels } from '../../../../src/lib/catalog/build-panels.ts';
import { loadCatalogSource, type CatalogSource } from '../../../../src/lib/catalog/load-catalog-source.ts';
import { checkGuides } from '../../../../src/lib/catalog/marker-guides.ts';
import { GUIDE_SECTIONS, MarkerFileSchema, type MarkerSource } from '../../../../src/lib/catalog/source-schema.ts';
import { LOCALES } from '../../../../src/lib/content/locales.ts';

const DATA = fileURLToPath(new URL('../../../../content/catalog/', import.meta.url));

let source: CatalogSource;

beforeAll(async () => {
  source = await loadCatalogSource(DATA);
});

/** Every text of every guide, with the marker, section and locale it belongs to. */
function guideTexts(): Array<{ where: string; locale: string; text: string }> {
  return source.markers.flatMap(({ key, guide }) =>
    GUIDE_SECTIONS.flatMap((section) => {
      const part = guide[section];
      if (part === undefined) return [];
      return LOCALES.map((locale) => ({ where: `${key}.${section}.${locale}`, locale, text: part[locale] }));
    }),
  );
}

/** A number with a laboratory unit: a threshold, which a guide never gives (the lab's own range applies). */
const THRESHOLD =
  /\d[\d.,]*\s*(?:%|mmol|µmol|umol|nmol|pmol|mol\/|mg|µg|ug|ng|pg|g\/|mU|U\/|IU|kU|fL|×\s*10|x\s*10|mm\/h|mL\/min)/i;

describe("markers' guides (content/catalog)", () => {
  it('refuses a marker without a guide, naming the field: every page teaches', () => {
    const [first] = source.markers;
    const { guide: _guide, category: _category, ...without } = first!;
    const result = MarkerFileSchema.safeParse([without]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain('0.guide');
    expect(MarkerFileSchema.safeParse([{ ...without, guide: first!.guide }]).success).toBe(true);
  });

  it('gives no threshold: a guide points to the laboratory’s own range instead', () => {
    expect(guideTexts().filter(({ text }) => THRESHOLD.test(text))).toEqual([]);
  });

  it('addresses the reader in German formally, as the site does', () => {
    const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner)\b/i;
    expect(guideTexts().filter(({ locale, text }) => locale === 'de' && informal.test(text))).toEqual([]);
  });

  it('gives no orders: what to do is the doctor’s to say', () => {
    const orders = /\b(you should|you must|stop taking|start taking|do not take)\b/i;
    expect(guideTexts().filter(({ locale, text }) => locale === 'en' && orders.test(text))).toEqual([]);
  });

  it('cites every source it lists, and every source cited is listed', () => {
    const cited = new Set(
      source.markers.flatMap(({ guide }) => GUIDE_SECTIONS.flatMap((section) => guide[section]?.sources ?? [])),
    );
    expect(source.sources.map((s) => s.id).filter((id) => !cited.has(id))).toEqual([]);
    expect([...cited].filter((id) => !source.sources.some((s) => s.id === id))).toEqual([]);
  });

  it('does not change what the API serves: no guide text reaches a panel', () => {
    const panels = JSON.stringify(buildPanels(source, 'https://catalog.example'));
    const samples = guideTexts().filter((_, index) => index % 7 === 0);
    expect(samples.length).toBeGreaterThan(0);
    for (const { text } of samples) expect(panels).not.toContain(text.slice(0, 60));
    expect(panels).not.toContain('"guide"');
  });

  describe('checkGuides', () => {
    const marker = (key: string, guide?: Partial<MarkerSource['guide']>): MarkerSource =>
      ({ key, guide: { ...sampleGuide(), related: [key === 'a' ? 'b' : 'a'], ...guide } }) as MarkerSource;
    const sampleGuide = (): MarkerSource['guide'] => {
      const section = { en: 'An English statement of some length.', de: 'Eine deutsche Aussage.', sources: ['nice'] };
      return { why: section, higher: section, lower: section, related: ['b'] };
    };
    const sources = [
      { id: 'nice', label: 'NICE', title: 'A guideline', lang: 'en' as const, publisher: 'NICE', year: 2024 },
    ];

    it('accepts a guide whose sources and related markers exist', () => {
      expect(() => checkGuides([marker('a', {}), marker('b')], sources)).not.toThrow();
    });

    it('names the marker, the section and the id of a source not listed', () => {
      const why = { en: 'An English statement of some length.', de: 'Eine deutsche Aussage.', sources: ['kdigo'] };
      expect(() => checkGuides([marker('a', { why }), marker('b')], sources)).toThrow(
        'marker "a": guide.why cites "kdigo", not in sources.yaml',
      );
    });

    it('refuses a related marker that does not exist, or the marker itself', () => {
      expect(() => checkGuides([marker('a', { related: ['c'] }), marker('b')], sources)).toThrow(
        'guide.related names "c"',
      );
      expect(() => checkGuides([marker('a', { related: ['a'] }), marker('b')], sources)).toThrow(
        'guide.related names "a"',
      );
    });

    it('refuses a source listed twice', () => {
      expect(() => checkGuides([marker('b')], [...sources, ...sources])).toThrow('"nice" is listed twice');
    });
  });
});
