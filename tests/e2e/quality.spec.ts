import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { samplePaths } from '../helpers/site-pages.ts';
import { SCRIPT_BUDGET_GZIP, allPages, shardOf, visit } from './site-visit.ts';

/**
 * Issue 15, item 8, in the browser: on every page of the sitemap (pages made in bulk from one
 * template, like one per marker, sampled: the first and the last) and on the 404 and 429 pages
 * of each locale, in the light and the dark scheme: axe finds nothing (every impact, not only
 * serious ones), the page loads no more than 60 KB of
 * JavaScript (gzip) before the reader opens search, logs no console error, does not scroll
 * sideways, and leaves full-page screenshots at 1280 and 390 px in `test-results/`.
 * Checks are on behaviour only, so they hold whatever renders the pages.
 */
const SHARDS = 4;
const WIDTHS = [1280, 390] as const;
/**
 * axe runs once per page and scheme, at the phone width in the light scheme and the desktop
 * width in the dark one: both widths and both schemes are covered at half the cost (axe's
 * contrast pass is the slow part on long pages, and contrast does not change with width).
 */
const AXE_WIDTH = { light: 390, dark: 1280 } as const;
/**
 * Screenshots stop at this height: the API reference is 60,000 to 80,000 px tall, and
 * encoding that takes half a minute on a busy CI core; the top 8,000 px show its layout.
 */
const SHOT_HEIGHT = 8_000;

for (const colorScheme of ['light', 'dark'] as const) {
  for (let shard = 0; shard < SHARDS; shard += 1) {
    test(`${colorScheme} scheme, pages ${shard + 1}/${SHARDS}: axe clean, JS budget, no console error, screenshots`, async ({
      page,
      request,
    }, testInfo) => {
      // Full-page screenshots and axe's contrast pass on long pages (90 markers, every API
      // operation) take a while on two shared cores.
      test.setTimeout(360_000);
      const everything = await allPages(request, testInfo.workerIndex);
      const sampled = new Set(
        samplePaths(
          everything.filter((p) => p.status === 200).map((p) => p.path),
          8,
          2,
        ),
      );
      const pages = shardOf(
        everything.filter((p) => p.status !== 200 || sampled.has(p.path)),
        shard,
        SHARDS,
      );
      await page.emulateMedia({ colorScheme });
      for (const site of pages) {
        await page.setViewportSize({ width: WIDTHS[0], height: 844 });
        const seen = await visit(page, request, site, testInfo.workerIndex, 'networkidle');
        expect.soft(seen.status, `${site.path}: status`).toBe(site.status);
        expect.soft(await page.locator('html').getAttribute('lang'), `${site.path}: lang`).toBe(site.locale);
        expect
          .soft(seen.scriptBytesGzip, `${site.path}: JavaScript (gzip) of ${seen.scripts.join(', ')}`)
          .toBeLessThanOrEqual(SCRIPT_BUDGET_GZIP);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          if (width === AXE_WIDTH[colorScheme]) {
            const results = await new AxeBuilder({ page }).analyze();
            const violations = results.violations.map(
              (v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            );
            expect.soft(violations, `${site.path} at ${width} px, ${colorScheme}: axe`).toEqual([]);
          }
          const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(pageWidth, `${site.path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
          const file = testInfo.outputPath(`${site.name}-${colorScheme}-${width}.png`);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.screenshot({
            path: file,
            fullPage: true,
            clip: { x: 0, y: 0, width, height: Math.min(height, SHOT_HEIGHT) },
          });
        }
        expect.soft(seen.errors, `${site.path}: console errors`).toEqual([]);
      }
      expect(pages.length, 'pages checked by this shard').toBeGreaterThan(0);
    });
  }
}
