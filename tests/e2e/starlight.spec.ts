import { expect, test, watchErrors } from './fixtures.ts';

test('the sidebar lists every guide page beside the content, and the menu opens it on a phone', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/webhooks');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  // The API reference is a group, its overview and family pages, closed on the other pages.
  const reference = sidebar.getByText('API reference', { exact: true });
  await expect(reference).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Overview', exact: true })).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(reference).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await reference.click();
  await sidebar.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page).toHaveURL(/\/developers\/api$/);
  expect(errors).toEqual([]);
});

test('the theme and language pickers show their whole choice at 1280 px, in German too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/de/developers');
  const pickers = page.locator('header').locator('starlight-theme-select select, starlight-lang-select select');
  await expect(pickers).toHaveCount(2);
  // The chosen option's text, measured in the select's font, against the room the select leaves it.
  const fits = await pickers.evaluateAll((selects) =>
    selects.map((select) => {
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      probe.textContent = (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return `${probe.textContent}: ${text <= room ? 'fits' : `${Math.ceil(text)} px in ${Math.floor(room)} px`}`;
    }),
  );
  expect(fits).toEqual([expect.stringMatching(/: fits$/), expect.stringMatching(/^Deutsch: fits$/)]);
});

test('the theme switch overrides the system scheme and keeps the choice on the next page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/developers');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('combobox', { name: 'Select theme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a page and its code blocks follow the system's ${colorScheme} scheme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/developers');
      await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
      // The relative luminance of a computed `rgb(…)` colour, 0 (black) to 1 (white).
      const luminance = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => {
            const [r, g, b] = getComputedStyle(element)
              .backgroundColor.match(/[\d.]+/g)!
              .map(Number);
            return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
          });
      for (const selector of ['body', '.expressive-code pre']) {
        const value = await luminance(selector);
        if (colorScheme === 'light') expect(value, selector).toBeGreaterThan(0.8);
        else expect(value, selector).toBeLessThan(0.3);
      }
    });
  }
});

test('the language picker keeps the page, the API reference included', async ({ page }) => {
  await page.goto('/developers/api');
  await page.getByRole('combobox', { name: 'Select language' }).selectOption('Deutsch');
  await expect(page).toHaveURL(/\/de\/developers\/api$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API-Referenz');
});

for (const { locale, path, button, query, result, href } of [
  {
    locale: 'en',
    path: '/developers',
    button: 'Search',
    query: 'Ferritin',
    result: 'Ferritin',
    href: '/biomarkers/ferritin',
  },
  {
    locale: 'de',
    path: '/de/developers',
    button: 'Suchen',
    query: 'Hämoglobin',
    result: 'Hämoglobin',
    href: '/de/biomarkers/haemoglobin',
  },
]) {
  test(`search finds a marker in ${locale}, from this origin only, and opens its page`, async ({ page }) => {
    const errors = watchErrors(page);
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto(path);
    // The header's search; the page may have searches of its own (the way in to the biomarker list).
    await page.getByRole('banner').getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: button });
    await dialog.locator('input').fill(query);
    const link = dialog.getByRole('link', { name: result, exact: true }).first();
    await expect(link).toHaveAttribute('href', href);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect([...origins]).toEqual([new URL(page.url()).origin]);
    expect(errors).toEqual([]);
  });
}

for (const { locale, path, button, query, href } of [
  { locale: 'en', path: '/auth', button: 'Search', query: 'X-Request-Id', href: '/developers/api' },
  { locale: 'en', path: '/auth', button: 'Search', query: 'uptimeSeconds', href: '/developers/api/health' },
  { locale: 'de', path: '/de/auth', button: 'Suchen', query: 'Eisenstoffwechsel', href: '/de/biomarkers' },
  {
    locale: 'de',
    path: '/de/auth',
    button: 'Suchen',
    query: 'Autorisierungsserver',
    href: '/de/developers/api/discovery',
  },
  { locale: 'en', path: '/auth', button: 'Search', query: 'changelog', href: '/changelog' },
  { locale: 'de', path: '/de/auth', button: 'Suchen', query: 'Änderungsprotokoll', href: '/de/changelog' },
]) {
  test(`search finds the API reference, the biomarker pages and the changelog in ${locale}: ${query} leads to ${href}`, async ({
    page,
  }) => {
    await page.goto(path);
    // The header's search; the page may have searches of its own (the way in to the biomarker list).
    await page.getByRole('banner').getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: button });
    await dialog.locator('input').fill(query);
    // The page itself, one of its sections (`#…`) or a page below it: a category's name finds its markers' pages,
    // each of which stands for its entry in the list.
    const hrefs = dialog.getByRole('link');
    await expect(hrefs.first()).toBeVisible();
    const found = await hrefs.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(
      found.some((found) => found === href || found.startsWith(`${href}#`) || found.startsWith(`${href}/`)),
      found.join(' '),
    ).toBe(true);
  });
}
