import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCRIPT_BUDGET_GZIP, allPages, freshAddress, shardOf, visit } from './site-visit.ts';

/**
 * Issue 15, item 8, as a crawler sees the built site: every page of the sitemap (en and de,
 * every marker page) and the 404 and 429 pages load in the browser with no console error and
 * within the JavaScript budget, and every internal link, stylesheet, script and image they
 * reference answers 200 (no redirect), with each `#fragment` present in its target page.
 */
const SHARDS = 4;

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

for (let shard = 0; shard < SHARDS; shard += 1) {
  test(`pages ${shard + 1}/${SHARDS}: no console error, JS within budget, every internal link and anchor answers`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const origin = new URL(baseURL!).origin;
    const pages = shardOf(await allPages(request, testInfo.workerIndex), shard, SHARDS);
    const statusOf = new Map<string, Promise<{ status: number; ids: string[] | null }>>();
    /** GETs a target once per test, as a fresh client, without following redirects. */
    const check = (target: string, api: APIRequestContext) => {
      if (!statusOf.has(target)) {
        const answer = api
          .get(target, { maxRedirects: 0, headers: { 'X-Forwarded-For': freshAddress(testInfo.workerIndex) } })
          .then(async (response) => ({
            status: response.status(),
            ids: /^text\/html/.test(response.headers()['content-type'] ?? '') ? await response.text() : null,
          }))
          .then(async ({ status, ids }) => ({ status, ids: ids === null ? null : await idsIn(page, ids) }));
        statusOf.set(target, answer);
      }
      return statusOf.get(target)!;
    };
    let links = 0;
    for (const site of pages) {
      const seen = await visit(page, request, site, testInfo.workerIndex, 'load');
      expect.soft(seen.status, `${site.path}: status`).toBe(site.status);
      expect.soft(seen.errors, `${site.path}: console errors`).toEqual([]);
      expect
        .soft(seen.scriptBytesGzip, `${site.path}: JavaScript (gzip) of ${seen.scripts.join(', ')}`)
        .toBeLessThanOrEqual(SCRIPT_BUDGET_GZIP);
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
        const samePage = target.pathname === here.pathname && target.search === here.search;
        if (samePage && fragment !== '') {
          expect.soft(ownIds, `${site.path}: link to #${fragment} on the same page`).toContain(fragment);
          continue;
        }
        const answer = await check(target.pathname + target.search, request);
        expect.soft(answer.status, `${site.path} links ${url}`).toBe(200);
        // HTML's "indicated part of the document": `#top` needs no element.
        if (fragment !== '' && answer.ids !== null && fragment !== 'top') {
          expect.soft(answer.ids, `${site.path} links ${url}: the anchor exists`).toContain(fragment);
        }
      }
    }
    // The crawl reached pages and links: an empty sitemap or a page without links fails here.
    expect(pages.length).toBeGreaterThan(10);
    expect(links).toBeGreaterThan(pages.length);
  });
}
