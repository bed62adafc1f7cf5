import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { errorPages, exhaustQuota, samplePaths, sitemapPaths, type SitePage } from '../helpers/site-pages.ts';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * nginx reads an upstream's status line and headers into one `proxy_buffer_size` buffer, 4 KiB
 * by default on x86-64, and answers 502 "upstream sent too big header" when they do not fit.
 * The largest header of a page is its Content-Security-Policy, which grows with every distinct
 * inline `style` attribute; the pages keep their headers within this budget, a quarter below
 * the limit, so that a page with a few more code blocks does not cross it unnoticed.
 */
const HEADER_BUDGET_BYTES = 3072;

let server: RunningServer;
let nginx: RunningNginx;
let counter = 0;

/** A fresh client address per request (TEST-NET-2), so no page meets the quota. */
const nextAddress = () => {
  counter += 1;
  return `198.51.${(counter >> 8) & 0xff}.${counter & 0xff}`;
};

/** The bytes of a response's status line and header fields, as nginx buffers them. */
const headerBytes = (response: Response): number =>
  [...response.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 17 + 2);

beforeAll(async () => {
  // nginx adds its peer to X-Forwarded-For; the test's address is the hop before it.
  server = await startServer({ TRUST_PROXY: '2', LOG_LEVEL: 'error' });
  nginx = await startNginx([new URL(server.url).host]);
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

describe('behind nginx, configured as docs/deployment.md recommends', () => {
  it('serves the pages of the sitemap, and the 404 and 429 pages, to a browser', async () => {
    const sitemap = await fetchAs(nextAddress())(`${nginx.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    // Every guide page; of the pages made from one template (a marker's), the first, middle and last.
    const pages: SitePage[] = samplePaths(sitemapPaths(await sitemap.text())).map((path) => ({
      path,
      status: 200,
      locale: '',
      name: path,
    }));
    expect(pages.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    const check = async (page: SitePage, address = nextAddress()) => {
      const response = await fetchAs(address)(nginx.url + page.path, { headers: { Accept: 'text/html' } });
      await response.arrayBuffer();
      const bytes = headerBytes(response);
      if (response.status !== page.status) failures.push(`${page.path}: ${response.status}, not ${page.status}`);
      else if (bytes > HEADER_BUDGET_BYTES) failures.push(`${page.path}: ${bytes} bytes of headers`);
    };
    for (let at = 0; at < pages.length; at += 4) await Promise.all(pages.slice(at, at + 4).map((page) => check(page)));
    for (const page of errorPages()) {
      const address = nextAddress();
      if (page.status === 429) await exhaustQuota((path) => fetchAs(address)(nginx.url + path).then((r) => r.text()));
      await check(page, address);
    }
    expect(failures).toEqual([]);
    expect(nginx.errorLog()).not.toMatch(/too big header/);
  }, 120_000);
});
