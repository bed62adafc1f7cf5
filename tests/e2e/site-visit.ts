import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { errorPages, exhaustQuota, sitemapPages, type SitePage } from '../helpers/site-pages.ts';

/**
 * Visiting a page as a new reader would: a client address of its own (the server trusts
 * `X-Forwarded-For` in the browser tests), its console watched, the JavaScript it loads
 * measured. Used by the site walk (site.spec.ts), which knows pages only from the sitemap.
 */

let clients = 0;

/** A client address no other visit of this worker uses, so each visit has its own quota. */
export function freshAddress(workerIndex: number): string {
  clients += 1;
  return `10.${100 + (workerIndex % 100)}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

/** Every page a browser may meet: the sitemap's, then the 404 and 429 pages of each locale. */
export async function allPages(request: APIRequestContext, workerIndex: number): Promise<SitePage[]> {
  const response = await request.get('/sitemap.xml', { headers: { 'X-Forwarded-For': freshAddress(workerIndex) } });
  if (response.status() !== 200) throw new Error(`/sitemap.xml answered ${response.status()}`);
  return [...sitemapPages(await response.text()), ...errorPages()];
}

/** Pages `shard` of `shards` checks: every shards-th page, so each shard gets a mix. */
export const shardOf = <T>(items: T[], shard: number, shards: number): T[] =>
  items.filter((_, index) => index % shards === shard);

/** What a visit saw. */
export interface Visit {
  status: number | undefined;
  /** Console errors and uncaught exceptions, less the one the browser logs for an error page's own status. */
  errors: string[];
  /** Gzip size of each script the page loaded, summed (what it costs a reader on the wire). */
  scriptBytesGzip: number;
  scripts: string[];
}

/**
 * Opens `site` in `page` from a fresh address (for a 429 page, one whose quota is spent
 * first), waiting for `waitUntil`.
 */
export async function visit(
  page: Page,
  request: APIRequestContext,
  site: SitePage,
  workerIndex: number,
  waitUntil: 'load' | 'networkidle' = 'load',
): Promise<Visit> {
  const address = freshAddress(workerIndex);
  if (site.status === 429) {
    // The same page may be in the browser's cache from an earlier visit: a reader whose
    // quota is spent meets the 429 on a page the browser has to ask for.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await exhaustQuota((path) => request.get(path, { headers: { 'X-Forwarded-For': address } }));
  }
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  const errors: string[] = [];
  const scriptBodies: Promise<{ url: string; bytes: number }>[] = [];
  const onConsole = (message: import('@playwright/test').ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // Chromium logs the status of an error page's own document; that status is the point.
    const own = message.location().url === page.url() && /status of (404|429)\b/.test(message.text());
    if (!(own && site.status !== 200)) errors.push(message.text());
  };
  const onPageError = (error: Error) => errors.push(error.message);
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() !== 'script') return;
    // Chromium may have let the body go already ("No resource with given identifier found", seen
    // in a fresh-clone CI): the file is then fetched again, the same immutable bytes.
    const body = response.body().catch(async () => (await request.get(response.url())).body());
    scriptBodies.push(body.then((bytes) => ({ url: response.url(), bytes: gzipSync(bytes).length })));
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  try {
    const response = await page.goto(site.path, { waitUntil });
    // A script can still answer while the first bodies are read; read until none is left, so
    // that no body is still being read when the next visit navigates away.
    let scripts: Array<{ url: string; bytes: number }> = [];
    while (scripts.length !== scriptBodies.length) scripts = await Promise.all([...scriptBodies]);
    return {
      status: response?.status(),
      errors,
      scriptBytesGzip: scripts.reduce((sum, script) => sum + script.bytes, 0),
      scripts: scripts.map((script) => script.url),
    };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
  }
}

/** The most JavaScript a page may load before the reader opens search, so a page stays quick on a phone. */
export const SCRIPT_BUDGET_GZIP = 60 * 1024;
