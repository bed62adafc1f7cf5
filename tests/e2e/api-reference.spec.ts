import { expect, test } from './fixtures.ts';

const PAGES = [
  {
    locale: 'en',
    path: '/developers/api',
    title: 'API reference',
    nav: 'Main',
    schemas: 'Schemas',
    required: 'required',
    responses: 'Responses',
  },
  {
    locale: 'de',
    path: '/de/developers/api',
    title: 'API-Referenz',
    nav: 'Hauptnavigation',
    schemas: 'Schemas',
    required: 'Pflicht',
    responses: 'Antworten',
  },
] as const;

for (const { locale, path, title, nav, schemas, required, responses } of PAGES) {
  test.describe(path, () => {
    // Every operation and schema of the document: axe's passes take a while on two shared cores.
    test.describe.configure({ timeout: 90_000 });

    test('is reachable from the navigation and lists every operation with its parts as headings', async ({ page }) => {
      await page.goto(locale === 'en' ? '/' : '/de');
      const link = page.getByRole('navigation', { name: nav }).getByRole('link', { name: title, exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const document = (await (await page.request.get('/openapi.json')).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const methods = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((k) => k !== 'servers'));
      await expect(page.locator('.api-operation')).toHaveCount(methods.length);
      await expect(
        page.getByRole('heading', { level: 3, name: 'GET /v1/biomarkers/public', exact: true }),
      ).toBeVisible();
      await expect(page.locator('.api-meta', { hasText: required }).first()).toBeVisible();
      const get = page.locator('#op-get-v1-biomarkers-public').locator('..');
      await expect(get.getByRole('heading', { level: 4, name: responses, exact: true })).toBeVisible();
      await expect(get.getByRole('heading', { level: 5, name: '304 Not Modified', exact: true })).toBeVisible();
      await expect(page.locator('table')).toHaveCount(0);
    });

    test('its index and its type links jump to the sections', async ({ page }) => {
      await page.goto(path);
      await page.locator('.toc').getByRole('link', { name: schemas, exact: true }).click();
      await expect(page).toHaveURL(/#schemas$/);
      await expect(page.getByRole('heading', { level: 2, name: schemas, exact: true })).toBeInViewport();
      await page.goto(path);
      await page.getByRole('link', { name: 'BiomarkerCatalog', exact: true }).first().click();
      await expect(page).toHaveURL(/#schema-biomarkercatalog$/);
      await expect(page.getByRole('heading', { level: 3, name: 'BiomarkerCatalog', exact: true })).toBeInViewport();
    });

    // axe runs on this page in both schemes in site.spec.ts.
    test('fits a phone screen without sideways scrolling, no identifier broken over two lines', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // No identifier outside a code block is broken over two lines.
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll('.api-reference :not(pre) > code:not(.code-words), .code-words > span')]
          .filter((code) => code.getClientRects().length > 1 && !code.querySelector('wbr'))
          .map((code) => code.textContent),
      );
      expect(broken).toEqual([]);
    });

    test('opens at an operation named in the fragment', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${path}#op-get-v1-biomarkers-public`);
      await expect(page.locator('#op-get-v1-biomarkers-public')).toBeInViewport();
    });
  });
}
