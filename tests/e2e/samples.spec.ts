import { axe, expect, test, watchErrors } from './fixtures.ts';

const LANGUAGES = ['curl', 'JavaScript', 'Python', 'TypeScript'];

test.describe('request sample tabs', () => {
  test('switch with the arrow keys, Home and End, as WAI-ARIA tabs', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/developers');
    const sample = page.locator('[data-sample-id="catalog-first-request"]');
    const tablist = sample.getByRole('tablist');
    await expect(tablist).toBeVisible();
    await expect(tablist.getByRole('tab')).toHaveText(LANGUAGES);
    // The tabs sit level on one line (the guide's paragraph spacing once pushed all but the first down).
    const tops = await tablist.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    const tab = (name: string) => tablist.getByRole('tab', { name, exact: true });
    await expect(tab('curl')).toHaveAttribute('aria-selected', 'true');
    await expect(sample.getByRole('tabpanel')).toHaveCount(1);
    await expect(sample.getByRole('tabpanel')).toContainText("curl -sS -i '");

    await tab('curl').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('JavaScript')).toBeFocused();
    await expect(tab('JavaScript')).toHaveAttribute('aria-selected', 'true');
    await expect(sample.getByRole('tabpanel')).toContainText('await fetch(url)');
    await page.keyboard.press('End');
    await expect(tab('TypeScript')).toBeFocused();
    await expect(sample.getByRole('tabpanel')).toContainText("from 'openapi-fetch'");
    await page.keyboard.press('ArrowRight'); // wraps around
    await expect(tab('curl')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('TypeScript')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Python')).toHaveAttribute('aria-selected', 'true');
    await expect(sample.getByRole('tabpanel')).toContainText('import urllib.request');
    // The tab panel is labelled by its tab; the stacked heading is hidden.
    await expect(sample.getByRole('tabpanel', { name: 'Python' })).toBeVisible();
    await expect(sample.getByRole('heading', { name: 'Python' })).toBeHidden();
    // Every sample of the page follows the choice.
    await expect(page.locator('[data-sample-id="catalog-poll-etag"] [role="tab"][aria-selected="true"]')).toHaveText(
      'Python',
    );
    expect(errors).toEqual([]);
  });

  test('the chosen language follows the reader to another page, in either language', async ({ page }) => {
    await page.goto('/developers');
    await page.locator('[data-sample-id="catalog-first-request"]').getByRole('tab', { name: 'Python' }).click();
    await page.goto('/de/auth');
    for (const id of ['auth-discovery', 'auth-token-form', 'auth-token-then-catalog']) {
      const sample = page.locator(`[data-sample-id="${id}"]`);
      await expect(sample.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
      await expect(sample.getByRole('tabpanel')).toContainText('urllib.request');
    }
  });

  test('each language is highlighted, and its copy button copies the code, in the page language', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/de/developers');
    const sample = page.locator('[data-sample-id="catalog-first-request"]');
    await sample.getByRole('tab', { name: 'Python' }).click();
    const code = sample.getByRole('tabpanel').locator('[data-sample-code]');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const colours = await code
        .locator('code span')
        .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
      expect(colours, `distinct token colours (${colorScheme})`).toBeGreaterThan(3);
    }
    await code.locator('pre').hover();
    await code.getByRole('button', { name: 'In Zwischenablage kopieren' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('import urllib.request');
    // On a German page the code is the German one: its comments and what it prints.
    expect(copied).toContain('# Jeder Fehler ist ein Problem nach RFC 9457');
    expect(copied).toContain('print(f"{status} {len(data)} Marker")');
    expect(copied).toContain(`${new URL(page.url()).origin}/v1/biomarkers/public`);
    expect(copied.split('\n').length).toBeGreaterThan(10);
  });

  test("a marker's page, rendered while serving, has the same highlighted tabs, with the marker's values", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/de/biomarkers/ldl-cholesterol');
    const sample = page.locator('[data-sample-id="marker-fetch"]');
    await expect(sample.getByRole('tablist')).toBeVisible();
    await sample.getByRole('tab', { name: 'TypeScript' }).click();
    const code = sample.getByRole('tabpanel').locator('[data-sample-code]');
    await expect(code).toContainText("from 'openapi-fetch'");
    await expect(code).not.toContainText('PREPARED_SAMPLE');
    const colours = await code
      .locator('code span')
      .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
    expect(colours).toBeGreaterThan(3);
    await expect(code.getByRole('button', { name: 'In Zwischenablage kopieren' })).toHaveAttribute(
      'data-code',
      /template: 'public-[\w-]+' .*item\.uuid === '[0-9a-f-]{36}'.*'nicht in diesem Panel'/s,
    );
    expect(errors).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violation on a page with tabs, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/auth');
      await page.locator('[data-sample-id="auth-discovery"]').getByRole('tab', { name: 'TypeScript' }).click();
      const results = await axe(page).include('.sample-tabs').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
});

test.describe('request samples without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('show every language stacked under its own heading, with its output', async ({ page }) => {
    await page.goto('/de/developers');
    const sample = page.locator('[data-sample-id="catalog-first-request"]');
    await expect(sample.getByRole('tablist')).toBeHidden();
    for (const name of LANGUAGES) {
      await expect(sample.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(sample.locator('[data-sample-code] pre')).toHaveCount(4);
    await expect(sample.locator('[data-sample-output] pre').first()).toBeVisible();
    await expect(sample.getByText('Ausgabe (Auszug aus einem echten Lauf)').first()).toBeVisible();
  });
});

test('request samples whose script does not load stay stacked, and axe finds no violation', async ({ page }) => {
  // axe itself needs JavaScript: block only the page's own scripts to see the stacked form.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/webhooks');
  const sample = page.locator('[data-sample-id="catalog-poll-etag"]');
  await expect(sample.getByRole('tablist')).toBeHidden();
  for (const name of LANGUAGES) await expect(sample.getByRole('heading', { name, exact: true })).toBeVisible();
  const results = await axe(page).include('.sample-tabs').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the copy button, always shown there, covers none of a sample's characters, scrolled to its end too", async ({
    page,
  }) => {
    await page.goto('/developers');
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const frame = page.locator('[data-sample-id="catalog-first-request"] .expressive-code').first();
    const button = frame.locator('.copy button');
    await expect(button).toBeVisible();
    const overlap = await frame.evaluate((element) => {
      const pre = element.querySelector('pre')!;
      pre.scrollLeft = pre.scrollWidth;
      const copy = element.querySelector('.copy button')!.getBoundingClientRect();
      // The lines beside the button: each one's text as laid out, against the button's box.
      return [...pre.querySelectorAll('.ec-line .code')].flatMap((line) => {
        const range = document.createRange();
        range.selectNodeContents(line);
        return [...range.getClientRects()].filter(
          (rect) => rect.width > 0 && rect.bottom > copy.top && rect.top < copy.bottom && rect.right > copy.left,
        ).length;
      });
    });
    expect(overlap.every((count) => count === 0)).toBe(true);
  });
});
