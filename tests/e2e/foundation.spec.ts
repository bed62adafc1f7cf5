import { expect, test } from '@playwright/test';

test('a browser gets an HTML 404 page that links the sitemap and llms.txt', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'llms.txt' })).toHaveAttribute('href', /\/llms\.txt$/);
  await expect(page.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', /\/sitemap\.xml$/);
});
