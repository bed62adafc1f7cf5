import { expect, test, watchErrors } from './fixtures.ts';

const LANGUAGES = ['curl', 'JavaScript', 'Python', 'TypeScript'];

const PAGES = [
  {
    locale: 'en',
    overview: '/developers/api',
    title: 'API reference',
    catalogTitle: 'Catalog API',
    catalogLabel: 'Catalog',
    nav: 'Main',
    onThisPage: 'On this page',
    optional: 'optional',
    required: 'required',
    responses: 'Responses',
    copy: 'Copy to clipboard',
    rateLimited: 'Too many requests',
  },
  {
    locale: 'de',
    overview: '/de/developers/api',
    title: 'API-Referenz',
    catalogTitle: 'Katalog-API',
    catalogLabel: 'Katalog',
    nav: 'Hauptnavigation',
    onThisPage: 'Auf dieser Seite',
    optional: 'optional',
    required: 'Pflicht',
    responses: 'Antworten',
    copy: 'In Zwischenablage kopieren',
    rateLimited: 'Zu viele Anfragen',
  },
] as const;

for (const p of PAGES) {
  const catalog = `${p.overview}/catalog`;

  test.describe(p.overview, () => {
    test.describe.configure({ timeout: 90_000 });

    test('the sidebar leads to a family page, which lists its operations and their parts as headings', async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.goto(p.locale === 'en' ? '/' : '/de');
      const sidebar = page.getByRole('navigation', { name: p.nav });
      await sidebar.getByText(p.title, { exact: true }).click(); // opens the group
      const link = sidebar.getByRole('link', { name: p.catalogLabel, exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${catalog}$`));
      await expect(sidebar.getByRole('link', { name: p.catalogLabel, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator('html')).toHaveAttribute('lang', p.locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.catalogTitle);
      // GET, HEAD and OPTIONS of the catalog path, nothing of the other families.
      await expect(page.locator('.api-operation')).toHaveCount(3);
      // One heading per operation, method and path together; no heading of the path alone.
      await expect(
        page.getByRole('heading', { level: 2, name: 'GET /v1/biomarkers/public', exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: '/v1/biomarkers/public', exact: true })).toHaveCount(0);
      await expect(page.locator('.api-meta', { hasText: p.optional }).first()).toBeVisible();
      const get = page.locator('#op-get-v1-biomarkers-public').locator('..');
      await expect(get.getByRole('heading', { level: 3, name: p.responses, exact: true })).toBeVisible();
      await expect(get.getByRole('heading', { level: 4, name: '304 Not Modified', exact: true })).toBeVisible();
      await expect(page.locator('table')).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('"On this page" lists every operation and response, and jumps to them', async ({ page }) => {
      await page.goto(catalog);
      const toc = page.getByRole('navigation', { name: p.onThisPage }).filter({ visible: true });
      for (const name of [
        'GET /v1/biomarkers/public',
        'HEAD /v1/biomarkers/public',
        'OPTIONS /v1/biomarkers/public',
        '200 OK',
        '304 Not Modified',
        '502 Bad Gateway',
        '204 No Content',
      ]) {
        await expect(toc.getByRole('link', { name, exact: true }).first()).toBeAttached();
      }
      await toc.getByRole('link', { name: '429 Too Many Requests', exact: true }).first().click();
      await expect(page).toHaveURL(/#op-get-v1-biomarkers-public-429$/);
      await expect(page.locator('#op-get-v1-biomarkers-public-429')).toBeInViewport();
    });

    test('each request sample has the four tabs and copy buttons, each response example is highlighted', async ({
      page,
    }) => {
      await page.goto(catalog);
      const sample = page.locator('[data-sample-id="api-get-catalog"]');
      await expect(sample.getByRole('tablist').getByRole('tab')).toHaveText(LANGUAGES);
      await sample.getByRole('tab', { name: 'TypeScript' }).click();
      const code = sample.getByRole('tabpanel').locator('[data-sample-code]');
      await expect(code).toContainText("from 'openapi-fetch'");
      await expect(code.getByRole('button', { name: p.copy })).toHaveAttribute('data-code', /client\.GET/);
      const example = page.locator('.api-response pre[data-language="json"]').first();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const colours = await example
          .locator('code span')
          .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
        expect(colours, `distinct token colours (${colorScheme})`).toBeGreaterThan(2);
      }
      await expect(example.locator('..').getByRole('button', { name: p.copy })).toBeAttached();
    });

    test('types and shared headers link to the overview, where they are described once', async ({ page }) => {
      await page.goto(catalog);
      await page.getByRole('link', { name: 'BiomarkerCatalog', exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${p.overview}#schema-biomarkercatalog$`));
      await expect(page.getByRole('heading', { level: 3, name: 'BiomarkerCatalog', exact: true })).toBeInViewport();
    });

    test("an error response links the guide's section on its code, which the guide lists in its contents", async ({
      page,
    }) => {
      await page.goto(catalog);
      const tooMany = page.locator('#op-get-v1-biomarkers-public-429').locator('..');
      await tooMany.getByRole('link', { name: 'rate_limited', exact: true }).click();
      const guide = p.locale === 'en' ? '/developers' : '/de/developers';
      await expect(page).toHaveURL(new RegExp(`${guide}#rate-limited$`));
      const heading = page.getByRole('heading', { level: 3, name: `rate_limited — ${p.rateLimited} (429)` });
      await expect(heading).toBeInViewport();
      const toc = page.getByRole('navigation', { name: p.onThisPage }).filter({ visible: true });
      await expect(toc.getByRole('link', { name: `rate_limited — ${p.rateLimited} (429)` })).toHaveAttribute(
        'href',
        '#rate-limited',
      );
    });

    test("the token page shows the request body's fields with what each requires and allows", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${p.overview}/token`);
      const table = page.locator('.api-operation table');
      await expect(table).toBeVisible();
      const rows = table.locator('tbody tr');
      await expect(rows.locator('td:first-child > code')).toHaveText(['grant_type', 'scope', 'client_id']);
      await expect(rows.nth(0)).toContainText(p.required);
      await expect(rows.nth(0).locator('td').nth(1).locator('code', { hasText: 'client_credentials' })).not.toHaveCount(
        0,
      );
      await expect(rows.nth(1)).toContainText(p.optional);
      await expect(rows.nth(1).locator('code', { hasText: 'catalog.read' })).not.toHaveCount(0);
      // Both columns fit a phone: nothing to scroll sideways.
      const scroll = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(scroll).toBeLessThanOrEqual(0);
      // The body's schema opens where it is used.
      const fields = page.locator('#op-post-oauth-token-200').locator('..').locator('details.api-schema-fields');
      await fields.locator('summary').click();
      await expect(fields.locator('dt code', { hasText: 'access_token' })).toBeVisible();
    });

    test('an anchor of the one-page reference still lands on its operation, one click from its page', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${p.overview}#op-get-v1-biomarkers-public`);
      const row = page.locator('#op-get-v1-biomarkers-public');
      await expect(row).toBeInViewport();
      await row.getByRole('link', { name: 'GET /v1/biomarkers/public' }).click();
      await expect(page).toHaveURL(new RegExp(`${catalog}#op-get-v1-biomarkers-public$`));
      await expect(page.locator('#op-get-v1-biomarkers-public')).toBeInViewport();
    });

    // axe runs on these pages in both schemes in site.spec.ts.
    for (const path of [p.overview, catalog, `${p.overview}/discovery`, `${p.overview}/token`]) {
      test(`${path} fits a phone screen without sideways scrolling, no identifier broken over two lines`, async ({
        page,
      }) => {
        // The narrowest phone screen in use (320 px).
        await page.setViewportSize({ width: 320, height: 740 });
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const broken = await page.evaluate(() =>
          [...document.querySelectorAll('.api-reference :not(pre) > code:not(.code-words), .code-words > span')]
            .filter((code) => code.getClientRects().length > 1 && !code.querySelector('wbr'))
            .map((code) => code.textContent),
        );
        expect(broken).toEqual([]);
      });
    }
  });
}
