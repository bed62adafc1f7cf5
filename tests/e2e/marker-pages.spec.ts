import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, watchErrors } from './fixtures.ts';

const PAGES = [
  {
    locale: 'en',
    list: '/biomarkers',
    egfr: 'Estimated GFR (eGFR, CKD-EPI)',
    creatinine: 'Creatinine',
    kidneys: 'Kidneys',
  },
  {
    locale: 'de',
    list: '/de/biomarkers',
    egfr: 'Geschätzte GFR (eGFR, CKD-EPI)',
    creatinine: 'Kreatinin',
    kidneys: 'Nieren',
  },
] as const;

/** Serious or critical axe violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const { locale, list, egfr, creatinine, kidneys } of PAGES) {
  test.describe(`${list}/<key>`, () => {
    test.describe.configure({ timeout: 90_000 });

    test('is reached from the list, and its derived-from and category links work', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(list);
      await page.getByRole('link', { name: egfr, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${list}/egfr$`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(egfr);
      await expect(page.locator('td[lang="sv"]')).toHaveText('Estimerad GFR (eGFR, CKD-EPI)');
      await page.locator('.derived-from').getByRole('link', { name: creatinine }).click();
      await expect(page).toHaveURL(new RegExp(`${list}/creatinine$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(creatinine);
      await page.locator('.marker-page-facts').getByRole('link', { name: kidneys }).click();
      await expect(page).toHaveURL(new RegExp(`${list}#kidney$`));
      await expect(page.getByRole('heading', { level: 2, name: kidneys })).toBeInViewport();
      // The JSON-LD block is data, not script: the CSP reports nothing.
      expect(errors).toEqual([]);
    });

    // The light scheme's axe run is site.spec.ts's, on a sample of the marker pages.
    test('has no serious axe violation in the dark scheme, and fits a phone', async ({ page }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${list}/transferrin-saturation`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}

test('the language picker keeps the marker', async ({ page }) => {
  await page.goto('/biomarkers/hs-crp');
  await page.getByRole('combobox', { name: 'Select language' }).selectOption('Deutsch');
  await expect(page).toHaveURL(/\/de\/biomarkers\/hs-crp$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('copies the uuid from a marker page, and says so beside the button, in the page language', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/de/biomarkers/ferritin');
  const facts = page.locator('.marker-page-facts');
  const uuid = (await facts
    .locator('code')
    .filter({ hasText: /^[0-9a-f-]{36}$/ })
    .textContent())!;
  await facts.getByRole('button', { name: 'UUID kopieren' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uuid);
  await expect(facts.getByRole('status')).toHaveText('UUID in die Zwischenablage kopiert.');
});
