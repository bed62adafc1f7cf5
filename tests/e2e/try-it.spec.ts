import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { axe, expect, test, watchErrors } from './fixtures.ts';

const PAGES = [
  {
    locale: 'en',
    catalog: '/developers/api/catalog',
    token: '/developers/api/token',
    heading: 'Try it',
    send: 'Send request',
    answer: 'Answer:',
    noBody: '(no body)',
    showAll: /^Show all \d+ lines$/,
    showFirst: 'Show the first 40 lines only',
    notSent: '(not sent)',
  },
  {
    locale: 'de',
    catalog: '/de/developers/api/catalog',
    token: '/de/developers/api/token',
    heading: 'Ausprobieren',
    send: 'Anfrage senden',
    answer: 'Antwort:',
    noBody: '(kein Body)',
    showAll: /^Alle \d+ Zeilen zeigen$/,
    showFirst: 'Nur die ersten 40 Zeilen zeigen',
    notSent: '(nicht gesendet)',
  },
] as const;

for (const p of PAGES) {
  test.describe(`${p.catalog}: "${p.heading}"`, () => {
    test('sends the catalog for the chosen template and shows a real 200, its RateLimit headers and its JSON', async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.goto(p.catalog);
      const panel = page.locator('#op-get-v1-biomarkers-public').locator('..').locator('.try-it');
      await expect(panel.getByRole('heading', { level: 3, name: p.heading, exact: true })).toBeVisible();
      await expect(panel).toContainText(String(CATALOG_POLICY.limit));
      // A real <select> of the document's templates, labelled by the parameter's name.
      const template = panel.getByLabel('template');
      await expect(template.locator('option')).toHaveText([
        p.notSent,
        'public-complete-eu',
        'public-light-eu',
        'public-v2-complete-uk',
        'public-v2-light-uk',
      ]);
      await template.selectOption('public-v2-light-uk');
      const sent = page.waitForRequest((request) => request.url().includes('/v1/biomarkers/public?'));
      const send = panel.getByRole('button', { name: p.send, exact: true });
      await send.focus();
      await page.keyboard.press('Enter');
      expect(new URL((await sent).url()).searchParams.get('template')).toBe('public-v2-light-uk');

      // The status is announced where the reader is; the focus stays on the button.
      const status = panel.getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status).toHaveText(`${p.answer} 200 OK`);
      await expect(send).toBeFocused();
      const headers = panel.locator('[data-try-it-headers]');
      await expect(headers).toContainText(/^ratelimit: "catalog";r=\d+;t=\d+$/m);
      await expect(headers).toContainText(`ratelimit-policy: ${RATE_LIMIT_POLICY}`);
      await expect(headers).toContainText('content-type: application/json');

      // The body pretty-printed and cut to its first lines, then whole: JSON whose `data` holds the panel's markers.
      const body = panel.locator('[data-try-it-body]');
      await expect(body).toContainText('"success": true');
      expect((await body.textContent())!.split('\n')).toHaveLength(41);
      const more = panel.locator('button[aria-expanded]');
      await expect(more).toHaveText(p.showAll);
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(more).toHaveText(p.showFirst);
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const catalog = JSON.parse((await body.textContent())!) as { success: boolean; data: Array<{ uuid: string }> };
      expect(catalog.success).toBe(true);
      expect(catalog.data.length).toBeGreaterThan(10);
      expect(catalog.data[0]!.uuid).toMatch(/^[0-9a-f-]{36}$/);

      // The answer's status links its response's description further down.
      await status.getByRole('link', { name: '200 OK' }).click();
      await expect(page).toHaveURL(/#op-get-v1-biomarkers-public-200$/);
      await expect(page.locator('#op-get-v1-biomarkers-public-200')).toBeInViewport();
      expect(errors).toEqual([]);
    });

    test("sends the copy's ETag back in If-None-Match and shows the 304 without a body", async ({ page }) => {
      await page.goto(p.catalog);
      const panel = page.locator('#op-get-v1-biomarkers-public').locator('..').locator('.try-it');
      const send = panel.getByRole('button', { name: p.send, exact: true });
      await send.click();
      const status = panel.getByRole('status');
      await expect(status).toHaveText(`${p.answer} 200 OK`);
      const etag = /^etag: (.+)$/m.exec((await panel.locator('[data-try-it-headers]').textContent())!)![1]!;
      await panel.getByLabel('If-None-Match').fill(etag);
      await send.click();
      await expect(status).toHaveText(`${p.answer} 304 Not Modified`);
      await expect(panel.locator('[data-try-it-body]')).toHaveText(p.noBody);
      await expect(panel.getByRole('button', { name: p.showAll })).toBeHidden();
    });

    test('is accessible with an answer shown, in both colour schemes', async ({ page }) => {
      await page.goto(p.token);
      const panel = page.locator('.try-it');
      await panel.getByRole('button', { name: p.send, exact: true }).click();
      await expect(panel.getByRole('status')).toHaveText(`${p.answer} 200 OK`);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const results = await axe(page).include('.try-it').analyze();
        expect(results.violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join()}`)).toEqual(
          [],
        );
      }
    });

    test('sends the token form with a client secret and shows the RFC 6749 error the endpoint refuses it with', async ({
      page,
    }) => {
      await page.goto(p.token);
      const panel = page.locator('.try-it');
      for (const name of ['grant_type', 'scope', 'client_id', 'client_secret']) {
        await expect(panel.getByLabel(name, { exact: true })).toBeEditable();
      }
      await expect(panel.getByLabel('grant_type', { exact: true })).toHaveValue('client_credentials');
      await panel.getByLabel('client_id', { exact: true }).fill('try-it-test');
      await panel.getByLabel('client_secret', { exact: true }).fill('not-for-public-clients');
      const sent = page.waitForRequest((request) => request.url().endsWith('/oauth/token'));
      await panel.getByRole('button', { name: p.send, exact: true }).click();
      const request = await sent;
      expect(request.method()).toBe('POST');
      expect(new URLSearchParams(request.postData() ?? '').get('client_secret')).toBe('not-for-public-clients');
      await expect(panel.getByRole('status')).toHaveText(`${p.answer} 400 Bad Request`);
      await expect(panel.locator('[data-try-it-headers]')).toContainText('cache-control: no-store');
      const error = JSON.parse((await panel.locator('[data-try-it-body]').textContent())!) as Record<string, string>;
      expect(error['error']).toBe('invalid_client');
      expect(error['error_description']).toContain('client_secret');
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const p of PAGES) {
    test(`${p.catalog} has no "${p.heading}" panel, and the rest of the page is whole`, async ({ page }) => {
      const response = await page.goto(p.catalog);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: p.heading })).toHaveCount(0);
      await expect(page.getByRole('button', { name: p.send })).toHaveCount(0);
      await expect(page.locator('.try-it')).toBeHidden();
      // The operations, their status summaries, samples (every language stacked) and responses are all there.
      await expect(page.locator('.api-operation')).toHaveCount(3);
      await expect(
        page.getByRole('heading', { level: 2, name: 'GET /v1/biomarkers/public', exact: true }),
      ).toBeVisible();
      await expect(page.locator('.api-status-summary').first().getByRole('link')).toHaveCount(8);
      await expect(page.locator('[data-sample-id="api-get-catalog"] [data-sample-code]')).toHaveCount(4);
      for (const code of await page.locator('[data-sample-id="api-get-catalog"] [data-sample-code]').all()) {
        await expect(code).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 4, name: '502 Bad Gateway' }).first()).toBeVisible();
      // The Markdown twin has no trace of it either.
      const twin = await page.request.get(`${p.catalog}.md`);
      expect(await twin.text()).not.toContain(p.heading);
    });
  }
});
