import { LOCALES } from '../../src/lib/content/locales.ts';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { pagePath } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES } from '../../src/lib/content/page-registry.ts';
import { expect, test } from './fixtures.ts';

const PAGES = GUIDE_PAGES.flatMap((page) => LOCALES.map((locale) => pagePath(locale, page.slug)));

/** Page loads: enough to show the count, few enough for a quick test (well within the quota). */
const LOADS = 8;

test('a reader spends one request per page, none on its stylesheet or images, and never meets a 429', async ({
  page,
}) => {
  // With Chromium's HTTP cache off, each page load fetches the page, its stylesheet, icons and
  // favicon again, as a first visit does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const refused: string[] = [];
  let subresources = 0;
  page.on('response', (response) => {
    if (response.status() === 429) refused.push(response.url());
    const type = response.request().resourceType();
    if (type === 'stylesheet' || type === 'image') subresources += 1;
  });
  const started = Date.now();
  let remaining = '';
  for (let i = 0; i < LOADS; i += 1) {
    const response = await page.goto(PAGES[i % PAGES.length]!);
    expect(response?.status()).toBe(200);
    remaining = (await response!.allHeaders())['ratelimit-remaining'] ?? '';
  }
  // Not a budget: the count compared below is one window's, so the loads must all fall within it.
  expect(Date.now() - started).toBeLessThan(CATALOG_POLICY.windowSeconds * 1000);
  expect(refused).toEqual([]);
  // More than one file per page was loaded, and only the pages were counted: a reader has as many
  // pages a window as the quota allows requests, however many files each one loads.
  expect(subresources).toBeGreaterThan(2 * LOADS);
  expect(remaining).toBe(String(CATALOG_POLICY.limit - LOADS));
});
