import { expect, test, watchErrors } from './fixtures.ts';

test('the sidebar lists every guide page beside the content, and the menu opens it on a phone', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/webhooks');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'API reference' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sidebar.getByRole('link', { name: 'API reference' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await sidebar.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/developers\/api$/);
  expect(errors).toEqual([]);
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
    await page.getByRole('button', { name: button }).click();
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
