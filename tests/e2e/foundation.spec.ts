import { expect, test } from '@playwright/test';

test('a browser gets an HTML 404 page that links the sitemap and llms.txt', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  // The styled page, whose footer carries the machine-readable links of every page.
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'llms.txt' })).toHaveAttribute('href', /\/llms\.txt$/);
  await expect(page.getByRole('link', { name: 'Sitemap', exact: true })).toHaveAttribute('href', /\/sitemap\.xml$/);
});
