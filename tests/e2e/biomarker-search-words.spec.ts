import type { Page } from '@playwright/test';
import { expect, test, watchErrors } from './fixtures.ts';

/** The names of the markers the reader sees. */
const visibleMarkers = (page: Page) => page.locator('li.marker:visible h3');

test.describe('the biomarker browser finds everyday words as the reader types', () => {
  test.describe.configure({ timeout: 90_000 });

  test('matches inside words of the page language only, in the page as on the server', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/biomarkers');
    const search = page.getByLabel('Name', { exact: true });
    await search.fill('iron');
    await expect(visibleMarkers(page)).toContainText(['Transferrin', 'Transferrin saturation']);
    await expect(visibleMarkers(page).filter({ hasText: 'T3' })).toHaveCount(0);
    const typed = await visibleMarkers(page).allTextContents();
    await page.goto('/biomarkers?q=iron');
    await expect(visibleMarkers(page)).toHaveText(typed);

    await page.goto('/de/biomarkers');
    await page.getByLabel('Name', { exact: true }).fill('Nierenwerte');
    await expect(visibleMarkers(page)).toHaveText([
      'Kreatinin',
      'Geschätzte GFR (eGFR, CKD-EPI)',
      'Harnstoff',
      'Cystatin C',
    ]);
    await page.getByLabel('Name', { exact: true }).fill('eiweiß');
    await expect(visibleMarkers(page)).toContainText(['Gesamteiweiß']);
    expect(errors).toEqual([]);
  });

  test('reads misspellings, filler words and the other language as the server does, best match first', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    for (const [path, query, first] of [
      ['/biomarkers', 'cholestrol', 'Total cholesterol'],
      ['/biomarkers', 'vitamin d test', 'Vitamin D (25-OH)'],
      ['/biomarkers', 'Blutzucker', 'Fasting glucose'],
      ['/biomarkers', 'vit D', 'Vitamin D (25-OH)'],
      ['/de/biomarkers', 'TSH-Wert', 'Schilddrüsenstimulierendes Hormon (TSH)'],
      ['/de/biomarkers', 'AP', 'Alkalische Phosphatase (AP)'],
      ['/de/biomarkers', 'Blutbild', 'Hämoglobin'],
    ]) {
      await page.goto(path!);
      await page.getByLabel('Name', { exact: true }).fill(query!);
      await expect(visibleMarkers(page).first(), query).toHaveText(first!);
      const typed = await visibleMarkers(page).allTextContents();
      await page.goto(`${path}?q=${encodeURIComponent(query!)}`);
      await expect(visibleMarkers(page), query).toHaveText(typed);
    }
    expect(errors).toEqual([]);
  });
});
