import { existsSync } from 'node:fs';

/**
 * The distribution's Chromium, which CI installs (`.ci/run`) because browser downloads are
 * not available there; undefined when there is none.
 */
export function systemChromium(): string | undefined {
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
}

/**
 * The distribution's Chromium headless shell, else its Chromium: what the browser tests run in. The shell is
 * Chromium's engine without the browser's window machinery, the build Playwright itself runs headless tests in, and
 * much cheaper to run (docs/testing.md).
 */
export function systemHeadlessChromium(): string | undefined {
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : systemChromium();
}

/**
 * Flags for a system Chromium run by tests: no sandbox (CI runs as root in a container), no
 * GPU, and none of the background traffic (updates, sync, first-run) that a machine without
 * network access would only wait for. Used by Playwright and by the Lighthouse test.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
