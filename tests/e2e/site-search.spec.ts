import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { expect, test, watchErrors } from './fixtures.ts';

/**
 * The header's search as a reader uses it: every query of the published quality table
 * (docs/search-quality.md) typed into the real dialog, one after another on one page per
 * locale, and the first result checked against the table. `SEARCH_QUALITY_LOG=1` prints each query's first
 * result and time.
 */

interface Query {
  query: string;
  /** Acceptable first results: a page, or `page#section` for the first section listed under it. */
  expected: string[];
}

/** The table's rows under each locale's heading: `` | `query` | `/page` or `/page#section` | kind | ``. */
function readQualityTable(): Record<'en' | 'de', Query[]> {
  const tables: Record<'en' | 'de', Query[]> = { en: [], de: [] };
  let locale: 'en' | 'de' = 'en';
  for (const line of readFileSync(new URL('../../docs/search-quality.md', import.meta.url), 'utf8').split('\n')) {
    if (line.startsWith('## ')) locale = line.includes('/de/') ? 'de' : 'en';
    const [query, first] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const quoted = /^`([^`]+)`$/.exec(query ?? '');
    if (quoted === null || first === undefined) continue;
    tables[locale].push({ query: quoted[1]!, expected: [...first.matchAll(/`([^`]+)`/g)].map((match) => match[1]!) });
  }
  return tables;
}

/** Words of the marker records' search words that must never show in a result (names in other languages). */
const NEVER_SHOWN: Readonly<Record<string, readonly string[]>> = {
  'good cholesterol': ['hdl-cholesterin', 'colesterol', 'kolesterol'],
  a1c: ['glykiert', 'glicada', 'glyqu', 'glykerat'],
  Blutzucker: ['fasting glucose', 'glycated', 'glicada', 'glyqu'],
  Leber: ['alanine aminotransferase', 'aminotransferasa', 'alaninaminotransferas'],
  // The vocabulary's words (`siteSearch.words`) find a section; its text is what shows.
  throttling: ['throttling'],
  rss: ['rss'],
};

/** The first result's page, or the first section listed under it when `sections` is set. */
async function firstResult(dialog: Locator, sections: boolean): Promise<string> {
  const first = dialog.locator('.pagefind-ui__result').first();
  if ((await first.count()) === 0) return '';
  const nested = first.locator('.pagefind-ui__result-nested .pagefind-ui__result-link');
  const link = sections && (await nested.count()) > 0 ? nested.first() : first.locator('.pagefind-ui__result-link');
  return (
    (await link
      .first()
      .getAttribute('href', { timeout: 1000 })
      .catch(() => '')) ?? ''
  );
}

/** Polls the first result until it is one of `expected` or the time is up; the last one seen. */
async function settledFirstResult(dialog: Locator, expected: string[]): Promise<string> {
  const sections = expected.some((href) => href.includes('#'));
  let seen = '';
  for (const deadline = Date.now() + 1500; Date.now() < deadline;) {
    seen = await firstResult(dialog, sections);
    if (expected.includes(seen)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

for (const [locale, queries] of Object.entries(readQualityTable())) {
  test(`search puts what the quality table says first, for its ${queries.length} ${locale} queries`, async ({
    page,
  }) => {
    // A query whose first result is wrong waits out its poll (1.5 s); when all pass, the run is a few seconds.
    test.setTimeout(30_000 + queries.length * 4000);
    expect(queries.length).toBeGreaterThan(10);
    const errors = watchErrors(page);
    await page.goto(locale === 'de' ? '/de/auth' : '/auth');
    const dialog = page.getByRole('dialog');
    // The button's accessible name holds its visible label (WCAG 2.5.3), at 1280 px where both show.
    const button = await new AxeBuilder({ page })
      .include('site-search button[data-open-modal]')
      .withRules(['label-content-name-mismatch'])
      .analyze();
    expect(button.violations).toEqual([]);
    // `/` opens the search (as Ctrl+K does), with the cursor in its field.
    await page.locator('main').press('/');
    await expect(dialog).toBeVisible();
    const input = dialog.locator('input');
    await expect(input).toBeFocused();
    const failures: string[] = [];
    for (const { query, expected } of queries) {
      const started = Date.now();
      await input.fill(query);
      await expect(dialog.locator('.pagefind-ui__message')).toContainText(query);
      const first = await settledFirstResult(dialog, expected);
      if (!expected.includes(first))
        failures.push(`${query} → ${first || 'nothing'} (table: ${expected.join(' or ')})`);
      if (process.env['SEARCH_QUALITY_LOG']) console.log(`${locale} ${query} → ${first} ${Date.now() - started} ms`);
      const shown = (await dialog.locator('.pagefind-ui__results').innerText()).toLowerCase();
      for (const word of NEVER_SHOWN[query] ?? []) expect(shown, `${query} shows "${word}"`).not.toContain(word);
      // No sample's language heading ("curl", "TypeScript") is a section of its own.
      const languageSections = await dialog.locator('.pagefind-ui__result-nested a[href*="#sample-"]').count();
      if (languageSections > 0) failures.push(`${query} lists a sample's language heading as a section`);
    }
    console.log(`${locale}: ${queries.length - failures.length} of ${queries.length} first as the table says`);
    expect(failures).toEqual([]);
    // A misspelling is searched as the known word it is one edit from, and the dialog says so.
    await input.fill(locale === 'de' ? 'Ferritn' : 'ferritn');
    await expect(dialog.getByRole('status').filter({ hasText: 'ferritin' })).toBeVisible();
    await input.fill('ferritin');
    await expect(dialog.locator('.site-search-corrected')).toBeHidden();
    // `/` typed in the search field is a character, not the shortcut.
    await input.fill('');
    await input.press('/');
    await expect(input).toHaveValue('/');
    expect(errors).toEqual([]);
  });
}
