import { expect, test } from './fixtures.ts';

/** The pages a person who came for a blood test may land on, and what the way in to the markers says there. */
const PAGES = [
  { path: '/', label: 'Biomarker or test name', list: '/biomarkers' },
  { path: '/developers', label: 'Biomarker or test name', list: '/biomarkers' },
  { path: '/de', label: 'Biomarker oder Testname', list: '/de/biomarkers' },
  { path: '/de/developers', label: 'Biomarker oder Testname', list: '/de/biomarkers' },
] as const;

const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

for (const { path, label, list } of PAGES) {
  test.describe(path, () => {
    for (const screen of SCREENS) {
      test(`shows the search of the biomarker browser above the fold at ${screen.width} px`, async ({ page }) => {
        await page.setViewportSize(screen);
        await page.goto(path);
        const field = page.getByRole('searchbox', { name: label });
        await expect(field).toBeInViewport();
        const box = (await field.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
        await expect(
          page.locator('.marker-finder').getByRole('link', { name: /biomarkers|Biomarker/ }),
        ).toHaveAttribute('href', list);
      });
    }

    test('sends what the reader types to the browser, which lists the marker, without JavaScript too', async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await page.getByRole('searchbox', { name: label }).fill('ferritin');
      await page.getByRole('searchbox', { name: label }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`${list}\\?q=ferritin$`));
      await expect(page.getByRole('heading', { level: 3, name: 'Ferritin', exact: true })).toBeVisible();
      await context.close();
    });
  });
}
