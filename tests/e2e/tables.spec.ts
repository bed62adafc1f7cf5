import { LOCALES } from '../../src/lib/content/locales.ts';
import { pagePath } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES } from '../../src/lib/content/page-registry.ts';
import { expect, test } from './fixtures.ts';

const PAGES = GUIDE_PAGES.flatMap((page) => LOCALES.map((locale) => pagePath(locale, page.slug)));

for (const width of [390, 1280]) {
  test(`at ${width} px no table breaks an identifier and no page scrolls sideways`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    for (const path of PAGES) {
      await page.goto(path);
      const found = await page.evaluate(() => ({
        // An inline element broken over two lines has one client rect per line.
        broken: [...document.querySelectorAll('table code')]
          .filter((code) => code.getClientRects().length > 1)
          .map((code) => code.textContent),
        pageWidth: document.documentElement.scrollWidth,
      }));
      expect(found.broken, `${path}: identifiers broken over lines`).toEqual([]);
      expect(found.pageWidth, `${path}: the page itself scrolls sideways`).toBeLessThanOrEqual(width);
      // Each scroll region is a named region (whatever element makes it one) that the keyboard reaches.
      const regions = page.locator('.table-scroll');
      for (let i = 0; i < (await regions.count()); i += 1) {
        await expect(regions.nth(i)).toHaveRole('region');
        await expect(regions.nth(i)).toHaveAccessibleName(/\S/);
        await expect(regions.nth(i)).toHaveAttribute('tabindex', '0');
      }
    }
  });
}
