import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, systemChromium } from '../helpers/chromium.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * Issue 15, item 8, as issue 27 settled it: Lighthouse scores 100 on accessibility, best
 * practices and SEO, and at least 95 on performance, for the production build
 * (`DEPLOY_ENV=production`, so pages may be indexed) on four representative pages (home, the
 * guide, the biomarker list, a marker's page), once each, with its default mobile emulation
 * and simulated throttling. Performance is simulated from the CPU time a page takes on this
 * shared machine and varies by a point or two between runs; 95 leaves room for that without
 * retrying until a run happens to pass. It runs in the
 * load project, alone on the machine, since performance is a latency budget. Chromium is the
 * system's (`CHROME_PATH` overrides it), started by chrome-launcher with the flags the
 * browser tests use; the server listens on 127.0.0.1 and nothing else is reached.
 */
const PAGES = ['/', '/developers', '/biomarkers', '/biomarkers/ferritin'];

/** The least each category must score. */
const MINIMUM = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

let server: RunningServer;
let chrome: chromeLauncher.LaunchedChrome;

beforeAll(async () => {
  server = await startServer({ DEPLOY_ENV: 'production', LOG_LEVEL: 'error' });
  // A server in service has rendered its data-driven pages before a reader comes: each once per
  // catalog version. Asked for once here, so the audits see that steady state.
  for (const path of PAGES) await (await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } })).text();
  const chromePath = process.env['CHROME_PATH'] ?? systemChromium();
  chrome = await chromeLauncher.launch({
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    ...(chromePath ? { chromePath } : {}),
  });
}, 60_000);
afterAll(async () => {
  chrome?.kill();
  await server?.stop();
});

/** One Lighthouse run of `path`: its report, or the error Lighthouse itself ran into. */
async function run(path: string) {
  const result = await lighthouse(`${server.url}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableFullPageScreenshot: true,
    // Screenshots, and the back/forward cache check (a second navigation), score nothing here.
    skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
    // The pages load nothing late: half a second of quiet ends the trace (Lighthouse waits 1 s).
    pauseAfterFcpMs: 500,
    pauseAfterLoadMs: 500,
    networkQuietThresholdMs: 500,
    cpuQuietThresholdMs: 500,
  });
  if (result === undefined) throw new Error(`Lighthouse returned no result for ${path}`);
  return result.lhr;
}

/**
 * Category scores (0–100, as the report shows them) and the audits that cost points. A run in
 * which Lighthouse could not record its own trace (`NO_NAVSTART`, "Please run Lighthouse
 * again", seen once in a fresh-clone CI) has no scores at all: that run alone is made again.
 * A score is never retried.
 */
async function audit(path: string) {
  let lhr = await run(path);
  if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await run(path);
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const lost = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${id}/${a.id}: ${a.score} ${a.displayValue ?? ''}`),
  );
  return { scores, lost };
}

describe('Lighthouse on the production build', () => {
  for (const path of PAGES) {
    it(`scores at least ${Object.values(MINIMUM).join(', ')} on ${path}`, async () => {
      const { scores, lost } = await audit(path);
      // The audits that cost points are in the message; the verdict is the score Lighthouse shows.
      for (const id of CATEGORIES) {
        expect(scores[id], `${path} ${id}: ${lost.join('; ')}`).toBeGreaterThanOrEqual(MINIMUM[id]);
      }
    }, 120_000);
  }
});
