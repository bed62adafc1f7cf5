import { beforeAll, describe, expect, it } from 'vitest';
import { itemFrontmatter, listPageItems } from '../../../../src/lib/site-pages/page-items.ts';
import { itemPageNavigation } from '../../../../src/lib/site-pages/item-page-navigation.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES, itemPageEntry } from '../../../../src/lib/content/page-registry.ts';
import type { LoadedPageData } from '../../../../src/lib/site-pages/page-data.ts';
import { bundledPanels, loadedCatalog } from '../../../helpers/catalog-fixture.ts';

const BASE = 'https://catalog.example';
const family = ITEM_PAGE_FAMILIES.find((entry) => entry.slug === 'biomarkers')!;

describe('the biomarkers item family', () => {
  let data: LoadedPageData;
  beforeAll(async () => {
    data = loadedCatalog(await bundledPanels(BASE));
  });

  it('is built from the catalog, with a template per locale and its own llms.txt section', () => {
    expect(family).toEqual({
      slug: 'biomarkers',
      template: 'biomarkers/[key]',
      section: 'Biomarkers',
      data: 'catalog',
    });
  });

  it('has one key per marker of any panel', () => {
    const keys = listPageItems(data, 'en', BASE).map((item) => item.key);
    expect(keys).toHaveLength(90);
    expect(new Set(keys).size).toBe(90);
    expect(keys).toEqual(expect.arrayContaining(['egfr', 'apolipoprotein-b', 'tibc', 'omega-3-index']));
  });

  it('lists the items in the order of /biomarkers, named and described in the page language', () => {
    const de = listPageItems(data, 'de', BASE);
    expect(de.map((item) => item.key)).toEqual(listPageItems(data, 'en', BASE).map((item) => item.key));
    expect(de[0]).toMatchObject({ key: 'total-cholesterol', name: 'Gesamtcholesterin' });
    expect(de.find((item) => item.key === 'egfr')?.description).toMatch(/^Schätzung der Menge an Blutplasma/);
  });

  it("places an item's page in its list: the list's path, and the items beside it in the list's order", () => {
    const items = listPageItems(data, 'de', BASE);
    const at = (key: string) => ({ page: itemPageEntry(family, key), locale: 'de' as const, format: 'page' as const });
    expect(itemPageNavigation(at('egfr'), data, BASE)).toEqual({
      listPath: '/de/biomarkers',
      previous: { href: '/de/biomarkers/creatinine', label: 'Kreatinin' },
      next: { href: '/de/biomarkers/urea', label: 'Harnstoff' },
    });
    // None before the first item, none after the last; the list alone while the data is unavailable.
    expect(itemPageNavigation(at(items[0]!.key), data, BASE)?.previous).toBeUndefined();
    expect(itemPageNavigation(at(items.at(-1)!.key), data, BASE)?.next).toBeUndefined();
    expect(itemPageNavigation(at('egfr'), { ok: false, reason: 'down' }, BASE)).toEqual({
      listPath: '/de/biomarkers',
      previous: undefined,
      next: undefined,
    });
    // Any other page is in the sidebar itself.
    const list = GUIDE_PAGES.find((page) => page.slug === 'biomarkers')!;
    expect(itemPageNavigation({ page: list, locale: 'de', format: 'page' }, data, BASE)).toBeUndefined();
  });

  it('fills the template frontmatter with the item, keeping the template description where the item has none', () => {
    const template = {
      title: '{name}',
      description: 'What {name} measures and where to find it.',
      lastUpdated: new Date('2026-11-23'),
    };
    expect(itemFrontmatter(template, { key: 'x', name: 'Ferritin', description: 'Stored iron.' })).toEqual({
      ...template,
      title: 'Ferritin',
      description: 'Stored iron.',
    });
    expect(itemFrontmatter(template, { key: 'x', name: 'Ferritin', description: undefined }).description).toBe(
      'What Ferritin measures and where to find it.',
    );
  });
});
