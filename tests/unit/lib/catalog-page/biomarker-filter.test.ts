import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatFilter,
  matchCategories,
  MAX_QUERY_LENGTH,
  parseFilter,
  queryReading,
  RANKS,
  searchRank,
  searchText,
  type FilterableMarker,
} from '../../../../src/lib/catalog-page/biomarker-filter.ts';
import { buildCatalogView, type CatalogView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import { filterCatalogView } from '../../../../src/lib/catalog-page/filter-catalog-view.ts';
import { CATALOG_TEMPLATES, type BiomarkerCatalog, type CatalogTemplate } from '../../../../src/lib/schemas/catalog.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { bundledPanels } from '../../../helpers/catalog-fixture.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';

const BASE = 'https://catalog.example';
const parse = (query: string) => parseFilter(new URLSearchParams(query));
const normalize = (query: string) => formatFilter(parse(query));

describe('parseFilter and formatFilter: one canonical query per view', () => {
  it('orders parameters, lower-cases values and drops empty ones and unknown parameters', () => {
    expect(normalize('premium=YES&region=UK&q=Glukose&utm_source=x&panel=&category=Lipids')).toBe(
      'q=Glukose&region=uk&category=lipids&premium=yes',
    );
    expect(normalize('')).toBe('');
    expect(normalize('q=&region=&panel=&category=&calculated=&premium=')).toBe('');
  });

  it('counts a repeated value once, whatever its case, and joins repeated search texts', () => {
    expect(normalize('region=eu&region=EU')).toBe('region=eu');
    expect(normalize('q=vitamin&q=%20d%20')).toBe('q=vitamin+d');
    expect(parse('q=vitamin&q=d').ignored).toEqual([]);
  });

  it('ignores and reports unknown values and conflicting repeats, keeping the rest', () => {
    const parsed = parse('region=mars&panel=light&calculated=maybe&premium=yes&premium=no&category=Not%20A%20Slug');
    expect(parsed.filter).toMatchObject({
      region: undefined,
      panel: 'light',
      calculated: undefined,
      premium: undefined,
    });
    expect(parsed.ignored).toEqual([
      { param: 'region' },
      { param: 'category' },
      { param: 'calculated' },
      { param: 'premium' },
    ]);
  });

  it('is idempotent: a normalized query normalizes to itself, ignored values included', () => {
    for (const query of [
      'region=mars&panel=LIGHT&q=H%C3%A9moglobine',
      'premium=yes&premium=no',
      'q=a&q=b&category=x',
    ]) {
      const once = normalize(query);
      expect(normalize(once)).toBe(once);
    }
  });

  it('cuts a long search text, so a key stays small', () => {
    const long = 'x'.repeat(5000);
    expect(parse(`q=${long}`).filter.q).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('never carries an ignored value into the canonical query, only its parameter', () => {
    expect(normalize('region=Catalog%20withdrawn%20-%20see%20evil.example&q=zzz')).toBe('q=zzz&region=unknown');
    expect(normalize(`region=${'x'.repeat(5000)}`)).toBe('region=unknown');
  });
});

describe('searchRank: matching inside words only in the page language', () => {
  const marker = (local: string[], other: string[]): FilterableMarker => ({
    search: searchText(local, other),
    uuid: '00000000-0000-4000-8000-000000000001',
    templates: ['public-complete-eu'],
    category: 'thyroid',
    calculated: false,
    premiumIn: [],
  });
  const freeT3 = marker(['Free T3'], ['Triyodotironina libre (T3L)', 'free-t3']);

  it('finds a word of four or more letters inside a word of the page language only', () => {
    expect(searchRank(marker(['Blutzucker'], []), 'zucker')).toBe(RANKS.inside);
    expect(searchRank(marker([], ['Blutzucker']), 'zucker')).toBeUndefined();
    expect(searchRank(freeT3, 'iron')).toBeUndefined();
  });

  it('still finds any name by its start, exactly or by the start of a word', () => {
    expect(searchRank(freeT3, 'Triyodotironina libre (T3L)')).toBe(RANKS.exact);
    expect(searchRank(freeT3, 'triyodo')).toBe(RANKS.prefix);
    expect(searchRank(freeT3, 'libre')).toBe(RANKS.start);
    expect(searchRank(freeT3, 't3')).toBe(RANKS.localWord);
    expect(searchRank(freeT3, 'free-t3')).toBe(RANKS.exact);
  });
});

describe('reading a search: fillers, endings and misspellings', () => {
  const view = (words: Record<string, string[]>, fillers: string[] = []) => {
    const markers = Object.entries(words).map(([key, local], i) => ({
      key,
      search: searchText(local, [key]),
      uuid: `00000000-0000-4000-8000-00000000000${i}`,
      templates: ['public-complete-eu' as const],
      category: 'c',
      calculated: false,
      premiumIn: [],
    }));
    return (q: string) => {
      const { filter } = parseFilter(new URLSearchParams({ q }));
      const { ranks } = matchCategories([{ markers }], filter, queryReading(fillers));
      return Object.fromEntries(markers.filter((m) => ranks.has(m.uuid)).map((m) => [m.key, ranks.get(m.uuid)]));
    };
  };
  const de = view(
    { cholesterol: ['Cholesterin'], tsh: ['TSH'], kidney: ['Nierenwerte', 'Nieren'], testosterone: ['Testosteron'] },
    ['Wert', 'Test', '-wert', '-werte'],
  );

  it('drops filler words from a search of several words, and keeps a filler searched alone', () => {
    expect(de('Cholesterin Wert')).toEqual({ cholesterol: RANKS.exact });
    expect(de('Test')).toEqual({ testosterone: RANKS.prefix });
  });

  it('drops a filler ending only from a word that matches nothing as typed', () => {
    expect(de('Cholesterinwert')).toEqual({ cholesterol: RANKS.exact });
    expect(de('TSH-Wert')).toEqual({ tsh: RANKS.exact });
    expect(de('Cholesterinwerte')).toEqual({ cholesterol: RANKS.exact });
    // "Nierenwerte" is a term as typed: not read as "Nieren".
    expect(de('Nierenwerte')).toEqual({ kidney: RANKS.exact });
  });

  it('forgives one edit in a word of five letters or more that matches nothing, ranked below every match as typed', () => {
    const en = view({ potassium: ['Kalium'], calcium: ['Kalzium'], ferritin: ['Ferritin'], fe: ['Fe'] });
    expect(en('Ferritn')).toEqual({ ferritin: RANKS.forgiven });
    expect(en('Kalzuim')).toEqual({ calcium: RANKS.forgiven });
    // A word that matches as typed is not corrected into another marker's word.
    expect(en('Kalium')).toEqual({ potassium: RANKS.exact });
    // Four letters are too few to guess from.
    expect(en('Fer')).toEqual({ ferritin: RANKS.prefix });
    expect(en('Frer')).toEqual({});
    // At most three misspelt words in one search: each costs a pass over every marker's words.
    const long = view({ panel: ['alpha bravo charlie delta'] });
    expect(long('alpah bravvo charlei delta')).toEqual({ panel: RANKS.forgiven });
    expect(long('alpah bravvo charlei deltaa')).toEqual({});
    expect(RANKS.forgiven).toBeGreaterThan(Math.max(...Object.values(RANKS).filter((r) => r !== RANKS.forgiven)));
  });
});

describe('filterCatalogView on the bundled catalog', () => {
  let panels: Record<CatalogTemplate, BiomarkerCatalog>;
  let en: CatalogView;
  let de: CatalogView;
  beforeAll(async () => {
    panels = await bundledPanels(BASE);
    const options = (locale: string) => ({
      locale,
      baseUrl: BASE,
      otherCategory: 'Other',
      searchTerms: UiStringsSchema.parse(readUiStrings(locale)).catalog.searchTerms,
    });
    en = buildCatalogView(panels, options('en'));
    de = buildCatalogView(panels, options('de'));
  });
  const shownNames = (view: CatalogView, query: string) => {
    const filtered = filterCatalogView(view, new URLSearchParams(query));
    return view.categories.flatMap((c) => c.markers.filter((m) => filtered.shown.has(m.uuid)).map((m) => m.name.text));
  };
  /** Uuids of a panel's items whose name in some language contains `text` (as the catalog spells it). */
  const namedIn = (template: CatalogTemplate, text: string) =>
    panels[template].data.filter((item) => item.translations.some((t) => t.name.includes(text))).map((i) => i.uuid);

  it('finds a marker by its name in any of the seven languages, without regard to case or accents', () => {
    const glucose = namedIn('public-complete-eu', 'Glukose');
    expect(glucose.length).toBeGreaterThan(0);
    for (const query of ['q=Glukose', 'q=glucosa', 'q=GLUCOSE']) {
      const filtered = filterCatalogView(en, new URLSearchParams(query));
      for (const uuid of glucose) expect(filtered.shown.has(uuid), query).toBe(true);
    }
    expect(shownNames(de, 'q=hémoglobine')).toContain('Hämoglobin');
    expect(shownNames(de, 'q=hemoglobine')).toContain('Hämoglobin');
    expect(shownNames(en, 'q=no-such-marker-name')).toEqual([]);
  });

  /** Names of the shown markers in the order the view lists them (best matches first). */
  const rankedNames = (view: CatalogView, query: string) => {
    const filtered = filterCatalogView(view, new URLSearchParams(query));
    return filtered.ranked.flatMap((c) => c.markers.filter((m) => filtered.shown.has(m.uuid)).map((m) => m.name.text));
  };
  const marker = (view: CatalogView, key: string) =>
    view.categories.flatMap((c) => c.markers).find((m) => m.key === key)!;

  it('matches at the start of a word, so a short text finds no marker through the inside of another word', () => {
    // "TSH" is inside the Dutch name of SHBG ("geslachtshormoon…"); "d" inside many words.
    expect(shownNames(en, 'q=TSH')).toEqual([marker(en, 'tsh').name.text]);
    const vitaminD = shownNames(en, 'q=vitamin d');
    expect(vitaminD).toContain(marker(en, 'vitamin-d-25-oh').name.text);
    expect(vitaminD).not.toContain(marker(en, 'vitamin-b12').name.text);
    expect(vitaminD).not.toContain(marker(en, 'active-b12').name.text);
    // Longer words also match inside a word, as German compounds need.
    expect(shownNames(de, 'q=zucker')).toContain(marker(de, 'fasting-glucose').name.text);
  });

  it('finds a marker by its whole uuid or the start of it, never by hex digits inside one', () => {
    const b12 = marker(en, 'vitamin-b12');
    expect(shownNames(en, `q=${b12.uuid}`)).toEqual([b12.name.text]);
    expect(shownNames(en, `q=${b12.uuid.slice(0, 8)}`)).toEqual([b12.name.text]);
    for (const item of en.categories.flatMap((c) => c.markers)) {
      const inside = item.uuid.slice(9, 13);
      expect(searchRank(item, inside), `${item.key}: ${inside}`).toBeUndefined();
    }
  });

  it('knows everyday words in the page language, and lists exact and prefix matches first', () => {
    expect(rankedNames(de, 'q=Blutzucker')[0]).toBe(marker(de, 'fasting-glucose').name.text);
    expect(rankedNames(de, 'q=Langzeitzucker')).toEqual([marker(de, 'hba1c').name.text]);
    expect(rankedNames(en, 'q=blood sugar')[0]).toBe(marker(en, 'fasting-glucose').name.text);
    expect(rankedNames(en, 'q=good cholesterol')).toEqual([marker(en, 'hdl-cholesterol').name.text]);
    // "ferritin" is one marker's name and inside no other's start: it comes first.
    expect(rankedNames(en, 'q=ferritin')[0]).toBe('Ferritin');
    // A whole word for a marker beats a word that only begins with the text, across categories:
    // the catalog lists eGFR ("CKD-EPI") long before creatine kinase ("CK").
    const ck = rankedNames(en, 'q=CK');
    expect(shownNames(en, 'q=CK').indexOf(marker(en, 'egfr').name.text)).toBe(0);
    expect(ck[0]).toBe(marker(en, 'creatine-kinase').name.text);
    expect(ck).toContain(marker(en, 'egfr').name.text);
    // Without a search, the catalog's own order.
    expect(filterCatalogView(en, new URLSearchParams('region=uk')).ranked).toBe(en.categories);
  });

  /** Keys of the shown markers, in the catalog's order. */
  const shownKeys = (view: CatalogView, query: string) => {
    const filtered = filterCatalogView(view, new URLSearchParams(query));
    return view.categories.flatMap((c) => c.markers.filter((m) => filtered.shown.has(m.uuid)).map((m) => m.key));
  };
  const keysOf = (view: CatalogView, category: string) =>
    view.categories.find((c) => c.anchor === category)!.markers.map((m) => m.key);

  it.each([
    ['de', 'rote Blutkörperchen', ['red-blood-cells']],
    ['de', 'weiße Blutkörperchen', ['white-blood-cells']],
    ['de', 'Nierenwerte', ['creatinine', 'egfr', 'urea', 'cystatin-c']],
    ['en', 'liver function', ['alt', 'ast', 'ggt', 'alp', 'total-bilirubin', 'albumin']],
    ['en', 'LFT', ['alt', 'ast', 'ggt', 'alp', 'total-bilirubin', 'albumin']],
    ['en', 'iron', ['ferritin', 'serum-iron', 'transferrin', 'tibc', 'transferrin-saturation']],
    ['de', 'Eisen', ['ferritin', 'serum-iron', 'transferrin', 'tibc', 'transferrin-saturation']],
    ['en', 'Lp(a)', ['lipoprotein-a']],
    ['de', 'Lp(a)', ['lipoprotein-a']],
    ['de', 'Kalzium', ['calcium', 'adjusted-calcium']],
  ] as const)('on the %s page, "%s" finds exactly its markers', (locale, query, keys) => {
    const view = locale === 'en' ? en : de;
    expect(shownKeys(view, `q=${encodeURIComponent(query)}`).sort()).toEqual([...keys].sort());
  });

  it('finds the whole lipids group by "blood fats" and "Blutfette", as the category describes itself', () => {
    expect(shownKeys(en, 'q=blood+fats')).toEqual(keysOf(en, 'lipids'));
    expect(shownKeys(de, 'q=Blutfette')).toEqual(keysOf(de, 'lipids'));
    expect(keysOf(en, 'lipids')).toContain('triglycerides');
  });

  it('does not find free T3 by "iron" through the Spanish and Italian "…tironina", on either page', () => {
    const t3 = marker(en, 'free-t3');
    expect(t3.search).toContain('tironina');
    expect(shownKeys(en, 'q=iron')).not.toContain('free-t3');
    expect(shownKeys(de, 'q=iron')).not.toContain('free-t3');
  });

  it('matches inside the words of the page language only: "eiweiß" finds "Gesamteiweiß" on the German page', () => {
    expect(shownKeys(de, 'q=eiwei%C3%9F')).toContain('total-protein');
    expect(shownKeys(en, 'q=eiwei%C3%9F')).not.toContain('total-protein');
    // Where a name of another language begins with the word, it is still found.
    expect(shownKeys(en, 'q=Gesamteiwei%C3%9F')).toEqual(['total-protein']);
  });

  it('keys every everyday word to a marker or a category of the catalog', () => {
    const known = new Set([
      ...en.categories.map((c) => c.anchor),
      ...en.categories.flatMap((c) => keysOf(en, c.anchor)),
    ]);
    for (const locale of ['en', 'de']) {
      const terms = UiStringsSchema.parse(readUiStrings(locale)).catalog.searchTerms;
      for (const key of Object.keys(terms)) expect(known, `${locale}: ${key}`).toContain(key);
    }
  });

  it('shows exactly the markers of the chosen region and panel, as the API lists them', () => {
    const cases: Array<[string, CatalogTemplate[]]> = [
      ['region=uk&panel=light', ['public-v2-light-uk']],
      ['region=eu&panel=complete', ['public-complete-eu']],
      ['region=eu', ['public-complete-eu', 'public-light-eu']],
      ['panel=light', ['public-light-eu', 'public-v2-light-uk']],
    ];
    for (const [query, templates] of cases) {
      const expected = new Set(templates.flatMap((t) => panels[t].data.map((item) => item.uuid)));
      const filtered = filterCatalogView(en, new URLSearchParams(query));
      expect([...filtered.shown].sort(), query).toEqual([...expected].sort());
      expect(filtered.shown.size).toBe(expected.size);
    }
  });

  it('counts, per panel, the shown markers it carries', () => {
    const filtered = filterCatalogView(en, new URLSearchParams('region=uk&panel=light'));
    expect(filtered.shownCounts['public-v2-light-uk']).toBe(panels['public-v2-light-uk'].data.length);
    for (const template of CATALOG_TEMPLATES) {
      const carried = panels[template].data.filter((item) => filtered.shown.has(item.uuid)).length;
      expect(filtered.shownCounts[template]).toBe(carried);
    }
  });

  it('filters by category, calculated and premium as the API flags them', () => {
    const calculated = new Set(
      CATALOG_TEMPLATES.flatMap((t) => panels[t].data.filter((i) => i.computedInternally === true).map((i) => i.uuid)),
    );
    expect(filterCatalogView(en, new URLSearchParams('calculated=yes')).shown).toEqual(calculated);
    const premiumUk = new Set(
      panels['public-v2-complete-uk'].data.filter((i) => i.premium === true).map((i) => i.uuid),
    );
    expect(filterCatalogView(en, new URLSearchParams('region=uk&premium=yes')).shown).toEqual(premiumUk);
    const lipids = en.categories.find((c) => c.anchor === 'lipids')!;
    const byCategory = filterCatalogView(en, new URLSearchParams('category=lipids'));
    expect(byCategory.shown.size).toBe(lipids.markers.length);
    expect(byCategory.ignored).toEqual([]);
  });

  it('ignores a category the catalog does not have, and says so', () => {
    const filtered = filterCatalogView(en, new URLSearchParams('category=astrology'));
    expect(filtered.ignored).toEqual([{ param: 'category' }]);
    expect(filtered.shown.size).toBe(filtered.total);
    expect(filtered.query).toBe('category=unknown');
  });

  it('anchors every marker by its key, and no category takes a marker key', () => {
    const keys = en.categories.flatMap((c) => c.markers.map((m) => m.key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const category of en.categories) expect(keys).not.toContain(category.anchor);
  });
});
