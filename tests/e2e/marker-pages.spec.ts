import { expect, seriousViolations, test, watchErrors } from './fixtures.ts';

const PAGES = [
  {
    locale: 'en',
    list: '/biomarkers',
    egfr: 'Estimated GFR (eGFR, CKD-EPI)',
    creatinine: 'Creatinine',
    kidneys: 'Kidneys',
    urea: 'Urea',
    listLabel: 'Biomarkers',
    home: 'Home',
    crumbs: 'Breadcrumbs',
    previous: 'Previous',
    next: 'Next',
    aka: 'Also known as',
    specimen: 'Specimen',
    disclaimer: 'Educational content, not medical advice',
  },
  {
    locale: 'de',
    list: '/de/biomarkers',
    egfr: 'Geschätzte GFR (eGFR, CKD-EPI)',
    creatinine: 'Kreatinin',
    kidneys: 'Nieren',
    urea: 'Harnstoff',
    listLabel: 'Biomarker',
    home: 'Startseite',
    crumbs: 'Brotkrümelnavigation',
    previous: 'Vorherige Seite',
    next: 'Nächste Seite',
    aka: 'Auch bekannt als',
    specimen: 'Probenmaterial',
    disclaimer: 'Information, keine medizinische Beratung',
  },
] as const;

for (const {
  locale,
  list,
  egfr,
  creatinine,
  kidneys,
  urea,
  listLabel,
  home,
  crumbs,
  previous,
  next,
  aka,
  specimen,
  disclaimer,
} of PAGES) {
  test.describe(`${list}/<key>`, () => {
    test.describe.configure({ timeout: 90_000 });

    test('is reached from the list, and its derived-from and category links work', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(list);
      await page.getByRole('link', { name: egfr, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${list}/egfr$`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(egfr);
      await expect(page.locator('td[lang="sv"]')).toHaveText('Estimerad GFR (eGFR, CKD-EPI)');
      await page.locator('.derived-from').getByRole('link', { name: creatinine }).click();
      await expect(page).toHaveURL(new RegExp(`${list}/creatinine$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(creatinine);
      await page.locator('.marker-page-facts').getByRole('link', { name: kidneys }).click();
      await expect(page).toHaveURL(new RegExp(`${list}#kidney$`));
      await expect(page.getByRole('heading', { level: 2, name: kidneys })).toBeInViewport();
      // The JSON-LD block is data, not script: the CSP reports nothing.
      expect(errors).toEqual([]);
    });

    test('sits in its list: breadcrumbs, the list current in the sidebar, its neighbours as previous and next', async ({
      page,
    }) => {
      await page.goto(`${list}/egfr`);
      const trail = page.getByRole('navigation', { name: crumbs });
      await expect(trail.getByRole('link')).toHaveText([home, listLabel, egfr]);
      await expect(trail.getByRole('link', { name: egfr })).toHaveAttribute('aria-current', 'page');
      // Above the title, where a trail is read first.
      const [trailBox, titleBox] = [
        await trail.boundingBox(),
        await page.getByRole('heading', { level: 1 }).boundingBox(),
      ];
      expect(trailBox!.y).toBeLessThan(titleBox!.y);
      const sidebar = page.locator('#starlight__sidebar');
      await expect(sidebar.locator('[aria-current="page"]')).toHaveText(listLabel);
      // The markers beside it in the list's order (Kidneys: creatinine, eGFR, urea…).
      const [prev, following] = [page.locator('a[rel="prev"]'), page.locator('a[rel="next"]')];
      await expect(prev).toContainText(previous);
      await expect(prev.locator('.link-title')).toHaveText(creatinine);
      await expect(following).toContainText(next);
      await expect(following.locator('.link-title')).toHaveText(urea);
      await following.click();
      await expect(page).toHaveURL(new RegExp(`${list}/urea$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(urea);
      await expect(prev.locator('.link-title')).toHaveText(egfr);
      await trail.getByRole('link', { name: listLabel }).click();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
    });

    test('says near the top what it is not, what else the test is called, and what it is taken from', async ({
      page,
    }) => {
      await page.goto(`${list}/hba1c`);
      const callout = page.getByText(disclaimer);
      const facts = page.locator('.marker-page-facts');
      // The disclaimer comes before the facts, not after the samples.
      const [calloutBox, factsBox] = [await callout.boundingBox(), await facts.boundingBox()];
      expect(calloutBox!.y).toBeLessThan(factsBox!.y);
      await expect(facts.locator('dt').first()).toHaveText(aka);
      await expect(facts.locator('dd').first()).toContainText(locale === 'de' ? 'Langzeitblutzucker' : 'A1c');
      await expect(facts.locator('div', { has: page.locator(`dt:text-is("${specimen}")`) }).locator('dd')).toHaveText(
        locale === 'de' ? 'Vollblut' : 'whole blood',
      );
    });

    // The light scheme's axe run is site.spec.ts's, on a sample of the marker pages.
    test('has no serious axe violation in the dark scheme, and fits a phone', async ({ page }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${list}/transferrin-saturation`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}

test('the language picker keeps the marker', async ({ page }) => {
  await page.goto('/biomarkers/hs-crp');
  await page.getByRole('combobox', { name: 'Select language' }).selectOption('Deutsch');
  await expect(page).toHaveURL(/\/de\/biomarkers\/hs-crp$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('copies the uuid from a marker page, and says so beside the button, in the page language', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/de/biomarkers/ferritin');
  const facts = page.locator('.marker-page-facts');
  const uuid = (await facts
    .locator('code')
    .filter({ hasText: /^[0-9a-f-]{36}$/ })
    .textContent())!;
  await facts.getByRole('button', { name: 'UUID kopieren' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uuid);
  await expect(facts.getByRole('status')).toHaveText('UUID in die Zwischenablage kopiert.');
});
