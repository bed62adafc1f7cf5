import type { Page } from '@playwright/test';
import { expect, seriousViolations, test, watchErrors } from './fixtures.ts';

/** The names of the markers the reader sees. */
const visibleMarkers = (page: Page) => page.locator('li.marker:visible h3');

test.describe('the biomarker browser without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 90_000 });

  test('submits the form as a GET query the server filters, with a shareable URL', async ({ page }) => {
    await page.goto('/biomarkers');
    await page.getByLabel('Name', { exact: true }).fill('glucosa');
    await page.getByLabel('Region').selectOption('uk');
    await page.getByRole('button', { name: 'Show matching biomarkers' }).click();
    await expect(page).toHaveURL(/\/biomarkers\?q=glucosa&region=uk&/);
    await expect(visibleMarkers(page)).toHaveText(['Fasting glucose']);
    await expect(page.getByRole('status').first()).toHaveText('Showing 1 of 90 biomarkers.');
    await expect(page.locator('[data-shown-count="public-v2-complete-uk"]')).toHaveText('1');
    await expect(page.locator('td', { has: page.locator('[data-shown-count="public-complete-eu"]') })).toHaveText(
      '1 / 88',
    );
    // The copy button needs script: without it, it stays hidden.
    await expect(page.getByRole('button', { name: 'Copy UUID' })).toHaveCount(0);
    // The shared URL shows the same view to the next reader.
    const shared = page.url();
    await page.goto(shared);
    await expect(visibleMarkers(page)).toHaveText(['Fasting glucose']);
    // The server lists a search's best match first, as the script does.
    await page.goto('/biomarkers?q=CK');
    await expect(visibleMarkers(page).first()).toHaveText('Creatine kinase (CK)');
    // axe needs script in the page: the server-filtered view is checked in the tests with JavaScript.
  });

  test('says when nothing matches, and its link clears the filters', async ({ page }) => {
    await page.goto('/de/biomarkers?q=kein-solcher-marker&region=mars');
    await expect(page.getByText('Kein Biomarker passt zu diesen Filtern.')).toBeVisible();
    // Without script the site search cannot open with the words: the sentence names it instead.
    await expect(page.getByText('Die Suche oben auf der Seite durchsucht auch die Anleitung')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Die ganze Website nach diesen Wörtern durchsuchen' })).toHaveCount(
      0,
    );
    await expect(page.locator('[data-ignored] code')).toHaveText('region');
    await expect(visibleMarkers(page)).toHaveCount(0);
    await page.locator('.browser-empty').getByRole('link', { name: 'Alle Filter zurücksetzen' }).click();
    await expect(page).toHaveURL(/\/de\/biomarkers$/);
    await expect(visibleMarkers(page)).toHaveCount(90);
  });
});

test.describe('the biomarker browser with JavaScript', () => {
  test.describe.configure({ timeout: 90_000 });

  test('filters as the reader types, finds a German marker by its English name, and keeps the URL in step', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/de/biomarkers');
    const catalogOrder = await page.locator('li.marker h3').allTextContents();
    const requests: string[] = [];
    page.on('request', (request) => {
      // Icons of sections shown again may load, and the header's site search fetches its own files when the
      // browser is idle (late on a busy machine); any other page or data request would mean the filter left the page.
      const ownSearch = new URL(request.url()).pathname.startsWith('/pagefind/');
      if (['document', 'fetch', 'xhr'].includes(request.resourceType()) && !ownSearch) requests.push(request.url());
    });
    await page.getByLabel('Name', { exact: true }).fill('Fasting glucose');
    await expect(visibleMarkers(page)).toHaveText(['Glukose (nüchtern)']);
    await expect(page.locator('#browser-status')).toHaveText('1 von 90 Biomarkern werden angezeigt.');
    await expect(page).toHaveURL(/\/de\/biomarkers\?q=Fasting\+glucose$/);
    // An everyday word finds its marker, listed first; clearing the search restores the catalog's order.
    await page.getByLabel('Name', { exact: true }).fill('Blutzucker');
    await expect(visibleMarkers(page).first()).toHaveText('Glukose (nüchtern)');
    await page.getByLabel('Name', { exact: true }).fill('CK');
    await expect(visibleMarkers(page).first()).toHaveText('Kreatinkinase (CK)');
    await expect(visibleMarkers(page)).toContainText(['Geschätzte GFR (eGFR, CKD-EPI)']);
    await page.getByLabel('Name', { exact: true }).fill('');
    await expect(page.locator('li.marker h3')).toHaveText(catalogOrder);
    await page.getByLabel('Region').selectOption('uk');
    await page.getByLabel('Panel').selectOption('light');
    await expect(page).toHaveURL(/\/de\/biomarkers\?region=uk&panel=light$/);
    const ukLight = await page.locator('[data-shown-count="public-v2-light-uk"]').textContent();
    await expect(visibleMarkers(page)).toHaveCount(Number(ukLight));
    // The panel's own count and the shown count agree: every UK light marker is shown.
    const cell = page.locator('td', { has: page.locator('[data-shown-count="public-v2-light-uk"]') });
    await expect(cell).toHaveText(`${ukLight!.trim()} / ${ukLight!.trim()}`);
    expect(requests).toEqual([]); // filtered in the page, no request
    // The same URL, loaded afresh, is filtered by the server alike.
    await page.reload();
    await expect(visibleMarkers(page)).toHaveCount(Number(ukLight));
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('offers the site search for the words that matched nothing, typed or in a shared URL', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/biomarkers');
    await page.getByLabel('Name', { exact: true }).fill('rate limit');
    await expect(page.getByText('No biomarker matches these filters.')).toBeVisible();
    await expect(page.getByText('The search at the top of the page also looks')).toBeHidden();
    await page.getByRole('button', { name: 'Search the whole site for these words' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue('rate limit');
    await expect(dialog.locator('.pagefind-ui__result').first()).toBeVisible();
    // The server's empty view offers the same, in the page's language.
    await page.goto('/de/biomarkers?q=Ratenbegrenzung');
    await page.getByRole('button', { name: 'Die ganze Website nach diesen Wörtern durchsuchen' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox')).toHaveValue('Ratenbegrenzung');
    expect(errors).toEqual([]);
  });

  test('copies a marker’s uuid from its anchored entry, and announces it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/biomarkers#fasting-glucose');
    const entry = page.locator('li.marker#fasting-glucose');
    await expect(entry).toBeInViewport();
    const uuid = (await entry.locator('.marker-uuid code').textContent())!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    await entry.getByRole('button', { name: 'Copy UUID' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uuid);
    // Said beside the button, where the reader is, not at the top of the list.
    await expect(entry.getByRole('status')).toHaveText('UUID copied to the clipboard.');
  });

  test('is keyboard-operable and passes axe in the dark scheme with a filter applied', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/biomarkers');
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.type('hémoglobine');
    await page.keyboard.press('Enter'); // submitting filters in place, without leaving the page
    await expect(page).toHaveURL(/\?q=h%C3%A9moglobine$/);
    await expect(visibleMarkers(page).first()).toBeVisible();
    // Next after the field: the link down to the matches, then the best of them, then the filters.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Jump to the list' })).toBeFocused();
    await page.getByLabel('Category').selectOption({ label: 'Glucose metabolism' });
    await expect(visibleMarkers(page)).toHaveText(['HbA1c (glycated haemoglobin)']);
    await expect(page.locator('.catalog-category:visible')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('what a keystroke matched shows beside the search field', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px: the field is above the fold, and its count and best matches show at once`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/biomarkers');
      const field = page.getByLabel('Name', { exact: true });
      await expect(field).toBeInViewport({ ratio: 1 });
      const status = page.locator('#browser-status');
      await expect(status).toHaveText('Showing 90 of 90 biomarkers.');
      await field.click();
      await page.keyboard.type('a');
      await expect(status).toHaveText(/^Showing [1-8]?\d of 90 biomarkers\.$/);
      await expect(status).toBeInViewport({ ratio: 1 });
      const preview = page.getByRole('list', { name: 'Best matches' });
      await expect(preview.getByRole('link')).toHaveCount(5);
      await expect(preview.getByRole('link').first()).toBeInViewport({ ratio: 1 });
      // The best match leads to its page; the count's link down to the list.
      const first = (await preview.getByRole('link').first().textContent())!;
      await expect(visibleMarkers(page).first()).toHaveText(first);
      await page.keyboard.type('1c');
      await expect(preview.getByRole('link').first()).toHaveText('HbA1c (glycated haemoglobin)');
      await page.getByRole('link', { name: 'Jump to the list' }).click();
      await expect(visibleMarkers(page).first()).toBeInViewport();
      await expect(visibleMarkers(page).first()).toHaveText('HbA1c (glycated haemoglobin)');
      await field.fill('');
      await expect(preview).toBeHidden();
    });
  }
});
