import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TEMPLATES, type BiomarkerCatalog, type CatalogTemplate } from '../../src/lib/schemas/catalog.ts';
import { fetchMarkdownTwins } from '../helpers/markdown-twins.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let n = 0;
/** A fresh client address per call, so no test shares a rate-limit window. */
const client = () => fetchAs(`198.51.100.${(++n % 250) + 1}`);

/** The uuids of the markers a page shows: each `<li class="marker">` not `hidden`. */
function shownUuids(html: string): string[] {
  return html
    .split('<li class="marker"')
    .slice(1)
    .filter((entry) => !/\shidden(\s|=|>)/.test(entry.slice(0, entry.indexOf('>') + 1)))
    .map((entry) => /<code>([0-9a-f-]{36})<\/code>/.exec(entry)![1]!);
}

/** The status line of the browser ("Showing 12 of 90 biomarkers."). */
const statusOf = (html: string): string => /<span id="browser-status"[^>]*>([^<]*)<\/span>/.exec(html)?.[1] ?? '';

/** The markers of a Markdown twin's tables: the URL of each linked marker page's own twin. */
const markdownMarkers = (markdown: string): string[] =>
  [...markdown.matchAll(/^\| \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1]!);

describe('the biomarker browser on /biomarkers, filtered on the server', () => {
  let server: InProcessServer;
  const panels = new Map<CatalogTemplate, BiomarkerCatalog>();
  const keyOf = new Map<string, string>();
  beforeAll(async () => {
    server = await startInProcess({ TRUST_PROXY: '1' });
    for (const template of CATALOG_TEMPLATES) {
      const response = await client()(`${server.url}/v1/biomarkers/public?template=${template}`);
      const panel = (await response.json()) as BiomarkerCatalog;
      panels.set(template, panel);
      for (const item of panel.data) keyOf.set(item.uuid, String(item.metadata!['key']));
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('shows exactly the markers of the UK light panel, as the API lists them, with the counts', async () => {
    const response = await client()(`${server.url}/biomarkers?region=UK&panel=light`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const expected = panels.get('public-v2-light-uk')!.data.map((item) => item.uuid);
    expect(shownUuids(html).sort()).toEqual([...expected].sort());
    expect(statusOf(html)).toBe(`Showing ${expected.length} of 90 biomarkers.`);
    expect(html).toMatch(
      new RegExp(`data-shown-count="public-v2-light-uk"[^>]*>${expected.length}</span> / ${expected.length}\\s*<`),
    );
    // The form shows the chosen values; the canonical URL stays the unfiltered page.
    expect(html).toMatch(/<option value="uk" selected/);
    // Starlight's head writes void elements as `<link … />`.
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${server.url}/biomarkers"\\s*/?>`));
  });

  it('finds a marker on the German page by its English name, and its Markdown twin follows the same filter', async () => {
    const html = await (await client()(`${server.url}/de/biomarkers?q=fasting%20glucose`)).text();
    const glucose = panels
      .get('public-complete-eu')!
      .data.filter((item) => item.translations.some((t) => t.locale === 'en' && /fasting glucose/i.test(t.name)));
    expect(glucose.length).toBeGreaterThan(0);
    expect(shownUuids(html).sort()).toEqual(glucose.map((item) => item.uuid).sort());
    const markdown = await fetchMarkdownTwins(client(), server.url, {
      html: '/de/biomarkers?q=fasting%20glucose',
      md: '/de/biomarkers.md?q=fasting%20glucose',
    });
    expect(markdownMarkers(markdown)).toEqual(
      glucose.map((item) => `${server.url}/de/biomarkers/${keyOf.get(item.uuid)}.md`),
    );
  });

  it('filters the Markdown by calculated and region as the API flags the markers', async () => {
    const markdown = await (await client()(`${server.url}/biomarkers.md?calculated=yes&region=eu`)).text();
    const calculated = new Set(
      (['public-complete-eu', 'public-light-eu'] as const).flatMap((template) =>
        panels
          .get(template)!
          .data.filter((item) => item.computedInternally === true)
          .map((item) => `${server.url}/biomarkers/${keyOf.get(item.uuid)}.md`),
      ),
    );
    expect(calculated.size).toBeGreaterThan(0);
    expect(new Set(markdownMarkers(markdown))).toEqual(calculated);
  });

  it('links the filtered twin from a filtered page, and treats equal queries as one view', async () => {
    const first = await client()(`${server.url}/biomarkers?premium=yes&region=eu&utm_source=mail`);
    expect(first.headers.get('link')).toBe(
      `<${server.url}/biomarkers.md?region=eu&premium=yes>; rel="alternate"; type="text/markdown"`,
    );
    const body = await first.text();
    const same = await client()(`${server.url}/biomarkers?region=EU&premium=YES&premium=yes`);
    expect(same.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await same.text()).toBe(body);
  });

  it('ignores an unknown value with a notice that names its parameter, in the page language, and never fails', async () => {
    const html = await (await client()(`${server.url}/de/biomarkers?region=mars&category=astrology`)).text();
    expect(html).toContain('Einige Filter wurden übergangen');
    expect(html).toContain('<code>region</code>');
    expect(html).toContain('<code>category</code>');
    // Request input is never written back into the page, so a link cannot put words or markup on it.
    expect(html).not.toContain('mars');
    expect(html).not.toContain('astrology');
    expect(shownUuids(html)).toHaveLength(90);
    for (const query of ['q=%zz', 'region=%E0%A4%A', `q=${'x'.repeat(5000)}`, 'calculated=yes&calculated=no']) {
      const response = await client()(`${server.url}/biomarkers?${query}`);
      expect(response.status, query).toBe(200);
      await response.arrayBuffer();
    }
  });

  it('says when nothing matches and offers a link that clears the filters', async () => {
    const html = await (await client()(`${server.url}/biomarkers?q=no-such-marker-anywhere`)).text();
    expect(shownUuids(html)).toEqual([]);
    expect(html).toMatch(
      /<p class="browser-empty(?: astro-\w+)?"[^>]*>No biomarker matches these filters\. <a href="\/biomarkers"/,
    );
    expect(statusOf(html)).toBe('Showing 0 of 90 biomarkers.');
  });

  it('anchors each marker by its key and shows its uuid, and ships its script as a file', async () => {
    const html = await (await client()(`${server.url}/biomarkers`)).text();
    for (const item of panels.get('public-complete-eu')!.data) {
      expect(html).toMatch(new RegExp(`<li class="marker" id="${keyOf.get(item.uuid)}"`));
      expect(html).toContain(`<code>${item.uuid}</code>`);
    }
    const script = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await client()(server.url + script!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('keeps a filtered view out of shared caches, and its twin never echoes an unknown filter value', async () => {
    const response = await client()(
      `${server.url}/biomarkers?q=zzz&region=Catalog%20withdrawn%20-%20see%20evil.example`,
      { headers: { Accept: 'text/html' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(
      /^private, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    await response.arrayBuffer();
    const markdown = await client()(`${server.url}/biomarkers.md?region=see%20evil.example`);
    expect(markdown.headers.get('cache-control')).toMatch(/^private, /);
    expect(await markdown.text()).not.toContain('evil.example');
  });

  it('builds a view’s Content-Security-Policy from the page, never from the query filled in', async () => {
    const get = client();
    const page = await get(`${server.url}/biomarkers`);
    const script = encodeURIComponent('<script>alert(document.domain)</script>');
    const attacked = await get(`${server.url}/biomarkers?q=${script}`);
    expect(attacked.status).toBe(200);
    expect(await attacked.text()).toContain('value="<script>alert(document.domain)</script>"');
    expect(attacked.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
  });

  it('keeps filtered views out of the sitemap', async () => {
    const sitemap = await (await client()(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/biomarkers</loc>`);
    expect(sitemap).not.toMatch(/biomarkers\?/);
  });
});
