import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import type { Page, Response } from '@playwright/test';
import { expect, seriousViolations, test, watchErrors } from './fixtures.ts';

/** What a browser shows for each error page, per locale (content/i18n/<lang>.yaml). */
const CASES = [
  { kind: 'not-found', locale: 'en', path: '/no-such-page', status: 404, title: 'Page not found' },
  { kind: 'not-found', locale: 'de', path: '/de/keine-seite', status: 404, title: 'Seite nicht gefunden' },
  { kind: 'rate-limited', locale: 'en', path: '/developers', status: 429, title: 'Too many requests' },
  { kind: 'rate-limited', locale: 'de', path: '/de/developers', status: 429, title: 'Zu viele Anfragen' },
] as const;

/** The sentence that says when to retry, per locale, with the seconds of `Retry-After`. */
const retryText = (locale: 'en' | 'de', seconds: string) =>
  locale === 'en'
    ? `Please try again in ${seconds} second${seconds === '1' ? '' : 's'}.`
    : `Bitte versuchen Sie es in ${seconds} Sekunde${seconds === '1' ? '' : 'n'} erneut.`;

/** Chromium reports the error status of the page itself on the console; that is the point here, not a fault. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of (404|429)/.test(error));

/** Fits a desktop and a phone width without sideways scrolling. */
async function fitsWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
  }
}

// The light scheme's axe run is site.spec.ts's, with every page; the content and the dark scheme here.
for (const { kind, locale, path, status, title } of CASES) {
  test(`${kind} in ${locale} (${path}), dark: the site's page, its language, axe clean`, async ({
    page,
    request,
    clientAddress,
  }) => {
    if (kind === 'rate-limited') {
      // Use up this client's quota, as a reader running the samples might.
      for (let i = 0; i < CATALOG_POLICY.limit; i += 1) {
        await request.get('/robots.txt', { headers: { 'X-Forwarded-For': clientAddress } });
      }
    }
    const errors = watchErrors(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The 429 page counts down: its clock stands still until the test moves it.
    if (kind === 'rate-limited') {
      const now = Date.now();
      await page.clock.install({ time: now });
      await page.clock.pauseAt(now + 1_000);
    }
    const response: Response | null = await page.goto(path);
    expect(response?.status()).toBe(status);
    let seconds = '';
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    // Starlight's header and the guide's sidebar and footer.
    await expect(page.locator('header.header')).toBeVisible();
    const nav = page.getByRole('navigation', { name: locale === 'en' ? 'Main' : 'Hauptnavigation' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    await expect(page.locator('.site-footer')).toBeVisible();
    // The stylesheet loaded under the CSP (and, for a refused client, without quota).
    await expect(page.locator('.sl-skip-link')).toHaveCSS('position', 'fixed');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The error's own content; Starlight's main also holds the page footer.
    const main = page.locator('main .error-page');
    if (kind === 'not-found') {
      await expect(main.locator('code')).toHaveText(path);
      const links = main.getByRole('listitem').getByRole('link');
      await expect(links).toHaveCount(5);
      await expect(links.first()).toHaveAttribute('href', locale === 'en' ? '/' : '/de');
      await expect(main.getByRole('link', { name: /Sitemap/ })).toHaveAttribute('href', '/sitemap.xml');
      // The footer of every page carries the machine-readable links.
      await expect(page.locator('.site-footer').getByRole('link', { name: 'llms.txt' })).toHaveAttribute(
        'href',
        /\/llms\.txt$/,
      );
    } else {
      seconds = (await response!.allHeaders())['retry-after']!;
      expect(Number(seconds)).toBeGreaterThanOrEqual(2);
      await expect(main).toContainText(retryText(locale, seconds));
      await expect(main.getByRole('link')).toHaveAttribute('href', path);
      // With script the seconds count down (axe, below, needs the clock to run again).
      await expect(main.locator('[data-retry-notice]')).toBeVisible();
      await page.clock.runFor(1_000);
      await expect(main).toContainText(retryText(locale, String(Number(seconds) - 1)));
      await page.clock.resume();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await fitsWidths(page, `${kind}-${locale}-dark`);
    if (kind === 'rate-limited') {
      // Once the seconds are up, the page is opened again.
      const again = page.waitForRequest((request) => request.isNavigationRequest() && request.url().endsWith(path));
      await page.clock.runFor(Number(seconds) * 1_000);
      await again;
    }
    expect(unexpected(errors)).toEqual([]);
  });
}

test('the header search box stays in its place on the 404 page at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const searchX = async (path: string) => {
    await page.goto(path);
    return page.locator('button[data-open-modal]').evaluate((button) => button.getBoundingClientRect().x);
  };
  expect(await searchX('/no-such-page')).toBe(await searchX('/developers'));
});
