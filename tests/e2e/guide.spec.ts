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

/**
 * One line of a code block as laid out: its text, one string per row it takes in the block. Runs in the page
 * (`locator.evaluate`), so it closes over nothing.
 */
function rowsOfLine(pre: Element, index: number): string[] {
  const rows = new Map<number, string>();
  let last = 0;
  const walker = document.createTreeWalker(pre.querySelectorAll('.ec-line .code')[index]!, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      // A space at a row's end has no width: it belongs to the row it ends.
      if (rect !== undefined) last = Math.round(rect.top);
      rows.set(last, (rows.get(last) ?? '') + text[i]);
    }
  }
  return [...rows.values()];
}

test('on a phone a long command wraps between words and after slashes, never inside a word', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/developers');
  const block = page.locator('[data-sample-id="catalog-first-request"] [data-sample-code] pre').first();
  // The command, after its comment line.
  const rows = await block.evaluate(rowsOfLine, 1);
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.join('')).toMatch(/^curl -sS -i '.+\/v1\/biomarkers\/public\?template=public-light-eu'$/);
  // Each row ends at a space, a slash or another mark, never between two letters or digits of one word.
  for (const [index, row] of rows.slice(0, -1).entries()) {
    const seam = `${row.at(-1)}${rows[index + 1]!.trimStart()[0]}`;
    expect(seam, rows.join(' ⏎ ')).not.toMatch(/^[\p{L}\p{N}]{2}$/u);
  }
  // Nothing to scroll sideways, so nothing for the keyboard to scroll: Expressive Code's script takes the block's
  // `tabindex` away (and gives it back to a block a word wider than it makes scroll).
  expect(await block.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBeLessThanOrEqual(0);
  await expect(block).not.toHaveAttribute('tabindex');
});

test.describe('at 1280 px, without JavaScript, every sample language stacked', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  for (const path of ['/developers', '/de/developers', '/developers/api/catalog', '/de/developers/api/catalog']) {
    test(`${path}: the first line of every code block reads whole, without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      const blocks = page.locator('.expressive-code pre');
      expect(await blocks.count()).toBeGreaterThan(4);
      const cut = await blocks.evaluateAll((pres) =>
        pres.flatMap((pre) => {
          const line = pre.querySelector('.ec-line .code')!;
          const range = document.createRange();
          range.selectNodeContents(line);
          const right = Math.max(...[...range.getClientRects()].map((rect) => rect.right));
          // The block's inner right edge: what lies beyond it is scrolled out of sight.
          const edge = pre.getBoundingClientRect().left + pre.clientLeft + pre.clientWidth;
          return right > edge + 0.5 ? [line.textContent] : [];
        }),
      );
      expect(cut).toEqual([]);
    });
  }
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
