import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type Translation,
} from '../../src/lib/schemas/catalog.ts';
import { expectPolicyCoversInlineCode, textOf } from '../helpers/inline-csp.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, startOnFakeUpstream, testClock, type InProcessServer } from '../helpers/site.ts';
import { fetchMarkdownTwins, MARKDOWN } from '../helpers/markdown-twins.ts';
import { eventually } from '../helpers/eventually.ts';

let n = 0;
/** A fresh client address per call, so no test shares a rate-limit window. */
const client = () => fetchAs(`192.0.2.${(++n % 250) + 1}`);
const HTML = 'text/html; charset=utf-8';
const PATHS: Record<Locale, { html: string; md: string }> = {
  en: { html: '/biomarkers', md: '/biomarkers.md' },
  de: { html: '/de/biomarkers', md: '/de/biomarkers.md' },
};

/** Texts of every `<tag>` in a page, e.g. every marker name (`h3`). */
const texts = (html: string, tag: string): string[] =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => textOf(m[1]!).trim());

const nameIn = (translations: Translation[], locale: string): string =>
  translations.find((translation) => translation.locale === locale)!.name;

describe('/biomarkers on the bundled catalog', () => {
  let server: InProcessServer;
  const panels = new Map<string, BiomarkerCatalog>();
  beforeAll(async () => {
    server = await startInProcess({ TRUST_PROXY: '1' });
    for (const template of CATALOG_TEMPLATES) {
      const response = await client()(`${server.url}/v1/biomarkers/public?template=${template}`);
      panels.set(template, (await response.json()) as BiomarkerCatalog);
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(LOCALES)(
    '%s: the HTML names every category and every marker of the complete EU panel in its language',
    async (locale) => {
      const response = await client()(server.url + PATHS[locale].html);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(HTML);
      const html = await response.text();
      const markers = texts(html, 'h3');
      const complete = panels.get('public-complete-eu')!.data;
      for (const item of complete) expect(markers, item.uuid).toContain(nameIn(item.translations, locale));
      const categories = new Map(complete.map((item) => [item.category!.uuid, item.category!]));
      expect(categories.size).toBe(14);
      const headings = texts(html, 'h2');
      for (const category of categories.values()) expect(headings).toContain(nameIn(category.translations, locale));
      // Every marker of any panel, once: 90 in the bundled data.
      const all = new Set([...panels.values()].flatMap((panel) => panel.data.map((item) => item.uuid)));
      expect(markers).toHaveLength(all.size);
    },
  );

  it.each(LOCALES)(
    '%s: the HTML shows units, badges, panels and decorative icons, inline code only as the CSP allows by hash',
    async (locale) => {
      const response = await client()(server.url + PATHS[locale].html);
      const html = await response.text();
      // The browser's module is a file of the build; Starlight's inline scripts and style attributes are hashed.
      expectPolicyCoversInlineCode(html, response.headers.get('content-security-policy')!);
      const icons = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(icons).toHaveLength(14);
      for (const icon of icons) expect(icon).toMatch(/ src="\/images\/categories\/[a-z-]+\.svg" alt=""/);
      const text = textOf(html);
      expect(text).toContain('mU/L (UK: pmol/L)'); // fasting insulin: UK labs report pmol/L
      expect(html).toMatch(/<li class="badge badge-premium">Premium<\/li>/);
      // premium per region: urea only in the EU (it is on the UK light panel), glucose only in the UK
      expect(html).toContain('<li class="badge badge-premium">Premium (EU)</li>');
      expect(html).toContain('<li class="badge badge-premium">Premium (UK)</li>');
      expect(html).toMatch(/<li class="badge badge-calculated">(Calculated|Berechnet)<\/li>/);
      expect(html).toContain('<code>public-v2-light-uk</code>');
    },
  );

  it.each(LOCALES)('%s: .md and negotiated Markdown are the same and hold every marker by name', async (locale) => {
    const markdown = await fetchMarkdownTwins(client(), server.url, PATHS[locale]);
    for (const item of panels.get('public-complete-eu')!.data) {
      const page = `${server.url}${PATHS[locale].html}/${String(item.metadata!['key'])}`;
      // Each row links the marker page's own Markdown twin, and names the uuid.
      const row = markdown.split('\n').find((line) => line.startsWith(`| [${nameIn(item.translations, locale)}](`));
      expect(row, item.uuid).toMatch(new RegExp(`^\\| \\[[^\\]]+\\]\\(${page}\\.md\\)[^|]* \\| \`${item.uuid}\` \\|`));
    }
    // The browser, the panel overview, the index of categories, 14 categories and what the list is, in the page's order.
    const headings = markdown.match(/^## .*/gm)!;
    expect(headings).toHaveLength(18);
    expect(headings[2]).toBe(locale === 'de' ? '## Kategorien' : '## Categories');
    expect(headings.at(-1)).toBe(locale === 'de' ? '## Über diese Liste' : '## About this list');
    expect(markdown).not.toMatch(/\]\((?!https?:)/); // every link absolute
  });

  it('may be cached only as long as the catalog stays fresh', async () => {
    const response = await client()(server.url + PATHS.en.html);
    const maxAge = Number(/^public, max-age=(\d+), /.exec(response.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeLessThanOrEqual(60);
  });

  it.each(LOCALES)(
    '%s: every page of the guide links it from the navigation, labelled in its language',
    async (locale) => {
      const html = await (await client()(server.url + (locale === 'en' ? '/auth' : '/de/auth'))).text();
      const label = locale === 'en' ? 'Biomarkers' : 'Biomarker';
      // Starlight's sidebar link: the label in a span of its own.
      expect(html).toMatch(new RegExp(`<a href="${PATHS[locale].html}"[^>]*>\\s*<span[^>]*>\\s*${label}\\s*</span>`));
    },
  );

  it('is in llms.txt and the sitemap like every other page', async () => {
    const llms = await (await client()(`${server.url}/llms.txt`)).text();
    expect(llms).toMatch(new RegExp(`^- \\[Biomarkers\\]\\(${server.url}/biomarkers\\.md\\): `, 'm'));
    expect(llms).toContain(`(${server.url}/de/biomarkers.md)`);
    const sitemap = await (await client()(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/biomarkers</loc>`);
    expect(sitemap).toContain(`<loc>${server.url}/de/biomarkers</loc>`);
  });
});

/** A two-marker catalog in one category, named in en and de; light panels carry the first marker only. */
function testCatalog(template: string | null, names: [string, string], iconBase: string): BiomarkerCatalog {
  const category = {
    uuid: '20000000-0000-4000-8000-000000000001',
    type: 'iron',
    imageUrl: `${iconBase}/images/categories/iron.svg`,
    translations: [
      { locale: 'en', name: 'Iron status', description: 'How much iron the body stores.' },
      { locale: 'de', name: 'Eisenstatus', description: 'Wie viel Eisen der Körper speichert.' },
    ],
  };
  const item = (i: number, name: string): BiomarkerCatalogItem => ({
    uuid: `20000000-0000-4000-8000-00000000001${i}`,
    unit: 'µg/L',
    category,
    translations: [
      { locale: 'en', name, description: `${name}, explained.` },
      { locale: 'de', name: `${name} (de)`, description: `${name}, erklärt.` },
    ],
  });
  const light = template?.includes('light') === true;
  return { success: true, data: light ? [item(1, names[0])] : [item(1, names[0]), item(2, names[1])] };
}

describe('/biomarkers follows its upstream', () => {
  let upstream: FakeUpstream;
  let site: InProcessServer;
  const clock = testClock();
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.catalog = (template) => testCatalog(template, ['Ferritin', 'Transferrin'], site.url);
    site = await startOnFakeUpstream(upstream, clock);
  });
  afterAll(async () => {
    await site.stop();
    await upstream.close();
  });

  it('shows a changed catalog once the cache refreshes: HTML, Markdown and llms-full.txt, with a new ETag', async () => {
    const first = await client()(`${site.url}/biomarkers`);
    const before = await first.text();
    expect(texts(before, 'h3')).toEqual(['Ferritin', 'Transferrin']);
    expect(texts(before, 'h2')).toContain('Iron status');
    upstream.catalog = (template) => testCatalog(template, ['Serum ferritin', 'Transferrin'], site.url);
    clock.advance(1_100); // past the TTL
    let after = '';
    await eventually(async () => {
      after = await (await client()(`${site.url}/biomarkers`)).text();
      return after.includes('Serum ferritin');
    });
    expect(texts(after, 'h3')).toEqual(['Serum ferritin', 'Transferrin']);
    const latest = await client()(`${site.url}/biomarkers`);
    expect(latest.headers.get('etag')).not.toBe(first.headers.get('etag'));
    const markdown = await (await client()(`${site.url}/de/biomarkers.md`)).text();
    expect(markdown).toContain('| [Serum ferritin (de)]');
    expect(markdown).not.toContain('| [Ferritin (de)]');
    const full = await (await client()(`${site.url}/llms-full.txt`)).text();
    expect(full).toContain('| [Serum ferritin]');
  });

  it('answers 502 with an honest error state, in both formats, while the upstream fails with no copy to stand in', async () => {
    upstream.mode = 'status-500';
    clock.advance(1_100);
    try {
      await eventually(async () => (await client()(`${site.url}/biomarkers`, { method: 'HEAD' })).status === 502);
      const html = await client()(`${site.url}/biomarkers`);
      expect(html.status).toBe(502);
      expect(html.headers.get('content-type')).toBe(HTML);
      expect(html.headers.get('cache-control')).toBe('no-store');
      expect(html.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      const page = await html.text();
      expect(texts(page, 'h1')).toEqual(['Biomarkers']);
      expect(textOf(page)).toContain('The catalog is unavailable right now');
      expect(page).not.toContain('class="marker"');
      expect(page).toMatch(/<nav class="sidebar[^"]*" aria-label="Main"/);
      const markdown = await client()(`${site.url}/de/biomarkers.md`);
      expect(markdown.status).toBe(502);
      expect(markdown.headers.get('content-type')).toBe(MARKDOWN);
      expect(await markdown.text()).toContain('> **Der Katalog ist gerade nicht verfügbar**');
      expect((await client()(`${site.url}/developers`)).status).toBe(200);
    } finally {
      upstream.mode = 'ok';
    }
    // The site asks a failed upstream again after a pause of min(TTL, 5 s), 1 s here.
    expect((await client()(`${site.url}/biomarkers`)).status).toBe(502);
    clock.advance(1_100);
    let recovered: Response | undefined;
    await eventually(async () => {
      recovered = await client()(`${site.url}/biomarkers`);
      return recovered.status === 200;
    });
    expect(texts(await recovered!.text(), 'h3')).toEqual(['Serum ferritin', 'Transferrin']);
  });
});

describe('/biomarkers while a stale copy stands in', () => {
  let upstream: FakeUpstream;
  let site: InProcessServer;
  const clock = testClock();
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.catalog = (template) => testCatalog(template, ['Ferritin', 'Transferrin'], site.url);
    site = await startOnFakeUpstream(upstream, clock, { CATALOG_STALE_IF_ERROR_S: '60' });
  });
  afterAll(async () => {
    await site.stop();
    await upstream.close();
  });

  it('serves the page from the stale catalog, as the API does, fresh until the site asks again', async () => {
    const fresh = await client()(`${site.url}/biomarkers`);
    expect(fresh.status).toBe(200);
    upstream.mode = 'status-500';
    clock.advance(1_200);
    const stale = await client()(`${site.url}/biomarkers`);
    expect(stale.status).toBe(200);
    // The failure is remembered for min(TTL, 5 s) = 1 s: a cache may keep the page that long.
    expect(stale.headers.get('cache-control')).toMatch(
      /^public, max-age=1, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(stale.headers.get('etag')).toBe(fresh.headers.get('etag'));
    expect(texts(await stale.text(), 'h3')).toEqual(['Ferritin', 'Transferrin']);
  });
});
