// `npm run screenshots`: full-page screenshots of the site at 1280 and 390 px in the light and
// the dark scheme, for a person changing pages to look at (tests take them on failure only).
// Serves the build as `npm start` does unless SCREENSHOTS_URL names a running site; SCREENSHOTS_PATHS
// (comma-separated) names the pages to take instead of a sample of every kind.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, systemChromium } from '../tests/helpers/chromium.ts';
import { errorPages, samplePaths, sitemapPaths } from '../tests/helpers/site-pages.ts';
import { freePort } from '../tests/helpers/start-server.ts';

const OUT = 'test-results/screenshots';
const WIDTHS = [1280, 390] as const;
/** The API reference is 60,000 px tall; its top 8,000 px show its layout. */
const SHOT_HEIGHT = 8_000;

let base = process.env['SCREENSHOTS_URL'];
let stop = () => {};
if (base === undefined) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/node/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      METRICS_PORT: 'off',
      LOG_LEVEL: 'error',
      CATALOG_ORIGIN_PORT: String(await freePort()),
      TRUST_PROXY: '1',
    },
    stdio: 'inherit',
  });
  stop = () => void server.kill('SIGTERM');
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    i += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
// Playwright's own Chromium where installed, else the distribution's (as playwright.config.ts).
const executablePath = existsSync(chromium.executablePath()) ? undefined : systemChromium();
const browser = await chromium.launch(executablePath === undefined ? {} : { executablePath, args: CHROMIUM_FLAGS });
try {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  // SCREENSHOTS_PATHS=/,/de/biomarkers/hba1c takes the pages a change touched; else a sample of every kind.
  const chosen = process.env['SCREENSHOTS_PATHS']?.split(',').filter((path) => path.startsWith('/'));
  const pages = chosen ?? [
    ...samplePaths(sitemapPaths(sitemap), 8, 2),
    ...errorPages()
      .filter((p) => p.status === 404)
      .map((p) => p.path),
  ];
  mkdirSync(OUT, { recursive: true });
  let n = 0;
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ colorScheme });
    for (const path of pages) {
      // Each page from its own address, so the quota never interferes.
      n += 1;
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.200.${Math.floor(n / 250)}.${(n % 250) + 1}` });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const name = path === '/' ? 'home' : path.slice(1).replaceAll(/[/?=&]/g, '-');
        await page.screenshot({
          path: `${OUT}/${name}-${colorScheme}-${width}.png`,
          fullPage: true,
          clip: { x: 0, y: 0, width, height: Math.min(height, SHOT_HEIGHT) },
        });
      }
    }
    await page.close();
  }
  process.stdout.write(`${pages.length * 4} screenshots of ${base} in ${OUT}/\n`);
} finally {
  await browser.close();
  stop();
}
