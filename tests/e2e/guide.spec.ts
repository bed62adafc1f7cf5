import { expect, test } from './fixtures.ts';

// Each page's status, language, heading, sidebar, stylesheet, console, axe, JavaScript budget and
// links are checked once, in site.spec.ts.

test('the main navigation leads to every page and marks the current one', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer guide');
  await expect(nav.getByRole('link', { name: 'Developers' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Agents & MCP' }).click();
  await expect(page).toHaveURL(/\/docs\/mcp$/);
  await page.getByRole('link', { name: 'Biomarker Catalog', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the language picker moves between the same page in English and German', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('combobox', { name: 'Select language' }).selectOption('Deutsch');
  await expect(page).toHaveURL(/\/de\/auth$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentifizierung');
  await page.getByRole('combobox', { name: 'Sprache wählen' }).selectOption('English');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the skip link is the first stop for the keyboard and moves focus to the content', async ({ page }) => {
  await page.goto('/developers');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  // Starlight's skip link targets the page title, the start of the content.
  await expect(page).toHaveURL(/#_top$/);
  await page.keyboard.press('Tab');
  await expect(page.locator('main :focus')).toHaveCount(1);
});

test('a Problem type link lands on its heading in the developer guide', async ({ page }) => {
  await page.goto('/developers#rate-limited');
  const heading = page.locator('h3#rate-limited');
  await expect(heading).toContainText('rate_limited');
  await expect(heading).toBeInViewport();
});

test('pages fit a phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/developers', '/de/auth']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('on a phone a long command scrolls in its block, unbroken, and the keyboard reaches the block', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/developers');
  const block = page.locator('[data-sample-id="catalog-first-request"] [data-sample-code] pre').first();
  await expect(block).toHaveAttribute('tabindex', '0');
  const layout = await block.evaluate((pre) => {
    // The tops of the first line's text: one line of text has one top (within a pixel or two).
    const walker = document.createTreeWalker(pre.querySelector('.ec-line')!, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
    }
    return { lines: Math.max(...tops) - Math.min(...tops) < 4 ? 1 : 2, scrolls: pre.scrollWidth > pre.clientWidth };
  });
  // The curl command's first line (with the catalog's URL) is one line that scrolls, not two.
  expect(layout).toEqual({ lines: 1, scrolls: true });
});

test('previous and next name the page they lead to, not its sidebar label alone', async ({ page }) => {
  await page.goto('/developers');
  await expect(page.locator('.pagination-links a[rel="next"]')).toContainText('API reference');
  await page.goto('/developers/api/catalog');
  await expect(page.locator('.pagination-links a[rel="prev"]')).toContainText('API reference');
  await expect(page.locator('.pagination-links a[rel="next"]')).toContainText('API reference: ');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the footer's links take the theme's link colour in the ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/auth');
    const colour = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((a) => getComputedStyle(a).color);
    const footer = await colour('.site-footer a');
    // Not the browser's default link blue; the colour of the links in the text.
    expect(footer).not.toBe('rgb(0, 0, 238)');
    expect(footer).toBe(await colour('.sl-markdown-content p a'));
  });
}
