import { expect, test, watchErrors } from './fixtures.ts';

const PAGES = [
  {
    locale: 'en',
    path: '/biomarkers',
    title: 'Biomarkers',
    lipids: 'Lipids',
    haemoglobin: 'Haemoglobin (Hb)',
    nav: 'Main',
  },
  {
    locale: 'de',
    path: '/de/biomarkers',
    title: 'Biomarker',
    lipids: 'Fettstoffwechsel',
    haemoglobin: 'Hämoglobin',
    nav: 'Hauptnavigation',
  },
] as const;

for (const { locale, path, title, lipids, haemoglobin, nav } of PAGES) {
  test.describe(path, () => {
    // axe runs on this page in both schemes in site.spec.ts.
    test('lists 90 markers in 14 categories, with loaded icons and no console errors', async ({ page }) => {
      const errors = watchErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('.catalog-category')).toHaveCount(14);
      await expect(page.getByRole('heading', { level: 3 })).toHaveCount(90);
      await expect(page.getByRole('heading', { level: 3, name: haemoglobin, exact: true })).toBeVisible();
      const icons = page.locator('img.category-icon');
      await expect(icons).toHaveCount(14);
      const loaded = await icons.evaluateAll((images) =>
        images.map((image) => (image as HTMLImageElement).naturalWidth),
      );
      expect(loaded.every((width) => width > 0)).toBe(true);
      expect(errors).toEqual([]);
    });

    test('is reachable from the navigation, and its category index jumps to each section', async ({ page }) => {
      await page.goto(locale === 'en' ? '/' : '/de');
      const link = page.getByRole('navigation', { name: nav }).getByRole('link', { name: title, exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(link).toHaveAttribute('aria-current', 'page');
      // The first link of the index's row sits on the row's line, as the others do.
      const tops = await page
        .locator('.category-index li')
        .evaluateAll((items) => items.slice(0, 3).map((item) => item.getBoundingClientRect().top));
      expect(tops).toEqual([tops[0], tops[0], tops[0]]);
      await page.locator('.category-index').getByRole('link', { name: lipids }).click();
      await expect(page).toHaveURL(/#lipids$/);
      await expect(page.getByRole('heading', { level: 2, name: lipids })).toBeInViewport();
    });

    test('"On this page" links no category a search hid: it lists the index, which shows the matching ones', async ({
      page,
    }) => {
      await page.goto(`${path}?q=ferritin`);
      const toc = page.locator('starlight-toc nav');
      await expect(toc.getByRole('link')).not.toHaveCount(0);
      await expect(toc.locator('a[href="#lipids"], a[href="#iron"]')).toHaveCount(0);
      await expect(toc.locator('a[href="#category-index-heading"]')).toHaveCount(1);
      const index = page.locator('.category-index');
      await expect(index.getByRole('link')).toHaveCount(1);
      await expect(index.getByRole('link', { name: lipids })).toBeHidden();
    });

    test('fits a phone screen without sideways scrolling, in the dark scheme too', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The icons draw in black; on the dark background they are inverted to stay visible.
      await expect(page.locator('img.category-icon').first()).toHaveCSS('filter', 'invert(1)');
    });
  });
}
