import { existsSync } from 'node:fs';

/**
 * The distribution's Chromium, which CI installs (`.ci/run`) because browser downloads are
 * not available there; undefined when there is none.
 */
export function systemChromium(): string | undefined {
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
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
