import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, systemHeadlessChromium } from './tests/helpers/chromium.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 4391);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Playwright's own Chromium where it is installed (a developer laptop after
 * `npx playwright install chromium`); otherwise the distribution's headless shell (or its
 * Chromium), which is what CI installs (`.ci/run`) because browser downloads are not available there.
 */
function chromiumLaunchOptions() {
  const bundled = chromium.executablePath();
  if (existsSync(bundled)) return {};
  const system = systemHeadlessChromium();
  if (system === undefined) return {};
  return { executablePath: system, args: CHROMIUM_FLAGS };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // A failing test runs once more, recording a trace (`trace` below), and the run still fails: a test that passes
  // on its retry is flaky, and flaky fails. Recording a trace of every test cost a fifth of the suite's time.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    // The real entry of `npm start`; the build comes from `npm run build` in `npm test`.
    command: 'node dist/node/main.mjs',
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      BASE_URL,
      CATALOG_ORIGIN_PORT: String(PORT + 1),
      LOG_LEVEL: 'error',
      // Several servers may run on one machine: leave the default metrics port alone.
      METRICS_PORT: 'off',
      // Browser tests load many pages from one address; trust a header the tests set.
      TRUST_PROXY: '1',
      // As every test's server (tests/helpers/start-server.ts): no background rendering of the 369 data-driven pages
      // competing with the browsers for the two cores; the memory-burst and container tests run the default.
      PREPARE_PAGES: 'on-demand',
    },
  },
});
