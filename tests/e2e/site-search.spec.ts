import type { Locator } from '@playwright/test';
import { expect, test, watchErrors } from './fixtures.ts';

/**
 * The header's search as a reader uses it: each query typed into the real dialog, and the
 * first result checked. One page per locale opens the dialog once and types query after query.
 */

interface Query {
  query: string;
  /** Acceptable first results: a page, or `page#section` for the first section listed under it. */
  expected: string[];
  /** The expected marker's names in other languages: searched, never shown. */
  aliases?: string[];
}

const QUERIES: Record<'en' | 'de', Query[]> = {
  en: [
    { query: '429', expected: ['/developers#rate-limited', '/developers#rate-limits'] },
    { query: 'rate limit', expected: ['/developers#rate-limits', '/developers#rate-limited'] },
    { query: 'ETag', expected: ['/developers#polling-efficiently-with-etag'] },
    {
      query: 'good cholesterol',
      expected: ['/biomarkers/hdl-cholesterol'],
      aliases: ['hdl-cholesterin', 'colesterol', 'kolesterol'],
    },
    { query: 'a1c', expected: ['/biomarkers/hba1c'], aliases: ['glykiert', 'glicada', 'glyqu', 'glykerat'] },
  ],
  de: [
    {
      query: 'Blutzucker',
      expected: ['/de/biomarkers/fasting-glucose', '/de/biomarkers/hba1c'],
      aliases: ['fasting glucose', 'glycated', 'glicada', 'glyqu'],
    },
    {
      query: 'Leber',
      // The liver values: the catalog's everyday word "Leberwerte" names these five.
      expected: ['alt', 'ast', 'ggt', 'alp', 'total-bilirubin'].map((key) => `/de/biomarkers/${key}`),
      aliases: ['alanine aminotransferase', 'aminotransferasa', 'alaninaminotransferas'],
    },
  ],
};

/** The first result's page, or the first section listed under it when `sections` is set. */
async function firstResult(dialog: Locator, sections: boolean): Promise<string> {
  const first = dialog.locator('.pagefind-ui__result').first();
  const nested = first.locator('.pagefind-ui__result-nested .pagefind-ui__result-link');
  const link = sections && (await nested.count()) > 0 ? nested.first() : first.locator('.pagefind-ui__result-link');
  return (await link.first().getAttribute('href')) ?? '';
}

for (const [locale, queries] of Object.entries(QUERIES)) {
  test(`search puts what a reader means first in ${locale}: ${queries.map((q) => q.query).join(', ')}`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto(locale === 'de' ? '/de/auth' : '/auth');
    const dialog = page.getByRole('dialog');
    // `/` opens the search (as Ctrl+K does), with the cursor in its field.
    await page.locator('main').press('/');
    await expect(dialog).toBeVisible();
    const input = dialog.locator('input');
    await expect(input).toBeFocused();
    for (const { query, expected, aliases = [] } of queries) {
      await input.fill(query);
      await expect(dialog.locator('.pagefind-ui__message')).toContainText(query);
      const sections = expected.some((href) => href.includes('#'));
      // Results load one by one: the first settles on its own data.
      await expect
        .poll(() => firstResult(dialog, sections), { message: query })
        .toMatch(new RegExp(`^(${expected.map((href) => href.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`));
      const shown = (await dialog.locator('.pagefind-ui__results').innerText()).toLowerCase();
      for (const alias of aliases) expect(shown, `${query} shows "${alias}"`).not.toContain(alias);
      // No sample's language heading ("curl", "TypeScript") is a section of its own.
      await expect(dialog.locator('.pagefind-ui__result-nested a[href*="-heading"]')).toHaveCount(0);
    }
    // `/` typed in the search field is a character, not the shortcut.
    await input.fill('');
    await input.press('/');
    await expect(input).toHaveValue('/');
    expect(errors).toEqual([]);
  });
}
