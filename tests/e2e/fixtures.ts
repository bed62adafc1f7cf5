import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

let counter = 0;

/**
 * Playwright's `test` with a client address of its own for every test: the web server
 * trusts `X-Forwarded-For` (TRUST_PROXY=1), so each test gets a fresh rate-limit window
 * and the suite never trips the 60-requests-per-minute limit.
 */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ page }, use, testInfo) => {
      counter += 1;
      const address = `10.${testInfo.workerIndex % 250}.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
      await use(address);
    },
    { auto: true },
  ],
});

export { expect };

/** Collects console errors and uncaught page errors (a CSP violation, e.g. a blocked icon, is one). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * axe on the page as it stands, asked for its violations only: it then writes up one passing node per rule rather than
 * every one, a fifth of its time on a long page, and finds the same violations.
 */
export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });

/** Serious or critical axe violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
