import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { samplePaths, type SitePage } from '../helpers/site-pages.ts';
import { SCRIPT_BUDGET_GZIP, allPages, freshAddress, shardOf, visit } from './site-visit.ts';
import { axe } from './fixtures.ts';

/**
 * The quality of the whole site (docs/testing.md), as a reader and a crawler meet the built
 * site, each page loaded once in Chromium for all its checks. Pages come from the sitemap (en
 * and de) plus the 404 and 429 pages of each locale, never from a list of today's pages. Pages
 * made in bulk from one template (the marker pages) are sampled: the first, middle and last of
 * each locale; every marker page is fetched, its twin and links checked, by
 * `tests/integration/site-sweep.test.ts`.
 *
 * - Every page: its status and `lang`, no console error, a visible heading, the sidebar beside the
 *   content at 1280 px and the stylesheet applied, every section (`h2`) in "On this page", at most 60 KB of JavaScript (gzip),
 *   every internal link, stylesheet, script and image it references answers 200 without a
 *   redirect, each `#fragment` present in its target; axe with every rule and impact in the
 *   light scheme at 390 px (every English page, the first of each family of a translation:
 *   `axeSample`); no sideways scrolling and no identifier in a table broken over two lines at 390
 *   and 1280 px, and every table scroll region named and reachable by keyboard.
 * - `DARK_PAGES`: axe in the dark scheme at 1280 px as well (contrast is what changes).
 *
 * Screenshots are taken on failure only; `npm run screenshots` takes the full set at 1280 and
 * 390 px in both schemes for a person changing pages.
 */
const SHARDS = 2;

/**
 * Pages checked in the dark scheme too: each layout once (home, guide, a form); the biomarker
 * list's is checked with a filter applied (biomarker-browser.spec.ts). The API reference has no
 * colour of its own (src/styles/api-reference.css uses the guide's), so the guide stands for it.
 */
const DARK_PAGES = new Set(['/', '/developers', '/de/auth']);

/**
 * The pages axe checks in the light scheme: every English page and error page, and of a translation the first page of
 * each family (the pages under one parent). A translated page is its English page's markup and styles with other
 * words; what the words can break, the other checks see on every page (`lang`, sideways scrolling, identifiers broken
 * over lines), and a translation left out fails the build. axe is most of the walk's time (several seconds a page).
 */
function axeSample(pages: readonly SitePage[]): Set<SitePage> {
  const families = new Set<string>();
  return new Set(
    pages.filter((site) => {
      if (site.locale === 'en' || site.status !== 200) return true;
      const family = `${site.locale} ${site.path.replace(/\/[^/]*$/, '')}`;
      if (families.has(family)) return false;
      families.add(family);
      return true;
    }),
  );
}

/** The ids (and `a[name]`s) an HTML document defines, parsed by the browser without loading it. */
async function idsIn(page: Page, html: string): Promise<string[]> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return [...doc.querySelectorAll('[id], a[name]')].map((el) => el.id || el.getAttribute('name') || '');
  }, html);
}

/** Every URL the page references: links, link elements, scripts, images and sources. */
async function referencedUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const urls: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[href], [src], [srcset]')) {
      const href = (el as HTMLAnchorElement | HTMLLinkElement).href;
      if (typeof href === 'string' && href !== '') urls.push(href);
      const src = (el as HTMLImageElement | HTMLScriptElement).src;
      if (typeof src === 'string' && src !== '') urls.push(src);
      const srcset = el.getAttribute('srcset');
      if (srcset)
        urls.push(...srcset.split(',').map((part) => new URL(part.trim().split(/\s+/)[0]!, document.baseURI).href));
    }
    return urls;
  });
}

/** axe's findings on the page as it stands, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * Checks every same-origin URL the open page references, each target fetched once per test.
 * A plain link to a sitemap page is left to the integration sweep, which fetches every one;
 * links with a fragment and every subresource are checked here.
 */
function linkChecker(
  page: Page,
  request: APIRequestContext,
  origin: string,
  workerIndex: number,
  sitemap: ReadonlySet<string>,
) {
  const statusOf = new Map<string, Promise<{ status: number; ids: string[] | null }>>();
  const fetchOnce = (target: string) => {
    if (!statusOf.has(target)) {
      const answer = request
        .get(target, { maxRedirects: 0, headers: { 'X-Forwarded-For': freshAddress(workerIndex) } })
        .then(async (response) => ({
          status: response.status(),
          html: /^text\/html/.test(response.headers()['content-type'] ?? '') ? await response.text() : null,
        }))
        .then(async ({ status, html }) => ({ status, ids: html === null ? null : await idsIn(page, html) }));
      statusOf.set(target, answer);
    }
    return statusOf.get(target)!;
  };
  return async (site: SitePage): Promise<number> => {
    let links = 0;
    const here = new URL(page.url());
    const ownIds = await page.evaluate(() =>
      [...document.querySelectorAll('[id], a[name]')].map((el) => el.id || el.getAttribute('name') || ''),
    );
    for (const url of new Set(await referencedUrls(page))) {
      const target = new URL(url);
      if (target.origin !== origin) continue;
      links += 1;
      const fragment = decodeURIComponent(target.hash.slice(1));
      target.hash = '';
      if (fragment === '' && target.search === '' && sitemap.has(target.pathname)) continue;
      if (target.pathname === here.pathname && target.search === here.search && fragment !== '') {
        expect.soft(ownIds, `${site.path}: link to #${fragment} on the same page`).toContain(fragment);
        continue;
      }
      const answer = await fetchOnce(target.pathname + target.search);
      expect.soft(answer.status, `${site.path} links ${url}`).toBe(200);
      // HTML's "indicated part of the document": `#top` needs no element.
      if (fragment !== '' && answer.ids !== null && fragment !== 'top') {
        expect.soft(answer.ids, `${site.path} links ${url}: the anchor exists`).toContain(fragment);
      }
    }
    return links;
  };
}

for (let shard = 0; shard < SHARDS; shard += 1) {
  test(`pages ${shard + 1}/${SHARDS}: status, links, JS budget, no console error, axe and layout`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    // axe's contrast pass on long pages (90 markers, every API operation) takes a while on two shared cores.
    test.setTimeout(300_000);
    const everything = await allPages(request, testInfo.workerIndex);
    const sampled = new Set(
      samplePaths(
        everything.map((p) => p.path),
        8,
        3,
      ),
    );
    const walked = everything.filter((site) => sampled.has(site.path));
    const axed = axeSample(walked);
    const pages = shardOf(walked, shard, SHARDS);
    const sitemap = new Set(everything.filter((site) => site.status === 200).map((site) => site.path));
    const checkLinks = linkChecker(page, request, new URL(baseURL!).origin, testInfo.workerIndex, sitemap);
    let links = 0;
    for (const site of pages) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      const seen = await visit(page, request, site, testInfo.workerIndex, 'networkidle');
      expect.soft(seen.status, `${site.path}: status`).toBe(site.status);
      expect.soft(await page.locator('html').getAttribute('lang'), `${site.path}: lang`).toBe(site.locale);
      expect
        .soft(seen.scriptBytesGzip, `${site.path}: JavaScript (gzip) of ${seen.scripts.join(', ')}`)
        .toBeLessThanOrEqual(SCRIPT_BUDGET_GZIP);
      if (axed.has(site)) expect.soft(await axeViolations(page), `${site.path} at 390 px, light: axe`).toEqual([]);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        const layout = await page.evaluate(() => ({
          pageWidth: document.documentElement.scrollWidth,
          // An inline element broken over two lines has one client rect per line.
          broken: [...document.querySelectorAll('table code')]
            .filter((code) => code.getClientRects().length > 1)
            .map((code) => code.textContent),
        }));
        expect.soft(layout.pageWidth, `${site.path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
        expect.soft(layout.broken, `${site.path} at ${width} px: identifiers broken over lines`).toEqual([]);
      }
      // The site layout at 1280 px: a visible heading and Starlight's sidebar beside the content, and
      // the stylesheet applied under the CSP (it moves the skip link off-screen).
      await expect.soft(page.getByRole('heading', { level: 1 }), `${site.path}: h1`).toBeVisible();
      if (site.status === 200) {
        const nav = page.getByRole('navigation', { name: site.locale === 'en' ? 'Main' : 'Hauptnavigation' });
        await expect.soft(nav.getByRole('link').first(), `${site.path}: sidebar`).toBeVisible();
        // "On this page" lists every section, also those a data-driven page renders from its data; the biomarker
        // list's categories are reached through its own index, which "On this page" lists.
        const unlisted = await page.evaluate(() => {
          const listed = new Set([...document.querySelectorAll('starlight-toc a')].map((a) => a.getAttribute('href')));
          const indexed = new Set(
            [...document.querySelectorAll('.category-index a')].map((a) => a.getAttribute('href')),
          );
          const sections = [...document.querySelectorAll('.sl-markdown-content h2[id]')];
          return sections
            .map((heading) => heading.id)
            .filter((id) => !listed.has(`#${id}`) && !(indexed.has(`#${id}`) && listed.has('#category-index-heading')));
        });
        expect.soft(unlisted, `${site.path}: sections missing from "On this page"`).toEqual([]);
      }
      await expect.soft(page.locator('.sl-skip-link'), `${site.path}: stylesheet`).toHaveCSS('position', 'fixed');
      // A table too wide for the screen scrolls in a named region the keyboard reaches.
      const regions = page.locator('.table-scroll');
      for (let i = 0; i < (await regions.count()); i += 1) {
        await expect.soft(regions.nth(i), `${site.path}: table region ${i}`).toHaveRole('region');
        await expect.soft(regions.nth(i), `${site.path}: table region ${i}`).toHaveAccessibleName(/\S/);
        await expect.soft(regions.nth(i), `${site.path}: table region ${i}`).toHaveAttribute('tabindex', '0');
      }
      links += await checkLinks(site);
      if (DARK_PAGES.has(site.path)) {
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.setViewportSize({ width: 1280, height: 844 });
        await page.reload({ waitUntil: 'networkidle' });
        expect.soft(await axeViolations(page), `${site.path} at 1280 px, dark: axe`).toEqual([]);
      }
      expect.soft(seen.errors, `${site.path}: console errors`).toEqual([]);
    }
    // The walk reached pages and links: an empty sitemap or a page without links fails here.
    expect(pages.length).toBeGreaterThan(10);
    expect(links).toBeGreaterThan(pages.length);
  });
}
