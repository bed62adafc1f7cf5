import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
} from '../../src/lib/schemas/catalog.ts';
import { expectPolicyCoversInlineCode, pageHeadingOf, textOf } from '../helpers/inline-csp.ts';
import { eventually } from '../helpers/eventually.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';
import { fetchMarkdownTwins, MARKDOWN } from '../helpers/markdown-twins.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, startOnFakeUpstream, testClock, type InProcessServer } from '../helpers/site.ts';
import { extractSamples } from '../helpers/guide-samples.ts';

let n = 0;
/** A fresh client address per call (hundreds: every marker page twice in two locales). */
const client = () => {
  n += 1;
  return fetchAs(`198.19.${Math.floor(n / 250)}.${(n % 250) + 1}`);
};
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const keyOf = (item: BiomarkerCatalogItem) => String(item.metadata!['key']);

/** The `<td>` cells of the row headed `<th scope="row">label</th>` of a table. */
function row(html: string, label: string): string[] {
  const match = new RegExp(`<tr><th scope="row">${label}</th>([\\s\\S]*?)</tr>`).exec(html);
  if (match === null) throw new Error(`no row ${label}`);
  return [...match[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => textOf(m[1]!).trim());
}

describe('a page per marker, on the bundled catalog', () => {
  let server: InProcessServer;
  const panels = {} as Record<CatalogTemplate, BiomarkerCatalog>;
  /** Every marker of any panel once, by key. */
  const markers = new Map<string, BiomarkerCatalogItem>();
  beforeAll(async () => {
    server = await startInProcess({ TRUST_PROXY: '1' });
    for (const template of CATALOG_TEMPLATES) {
      const response = await client()(`${server.url}/v1/biomarkers/public?template=${template}`);
      panels[template] = (await response.json()) as BiomarkerCatalog;
      for (const item of panels[template].data) if (!markers.has(keyOf(item))) markers.set(keyOf(item), item);
    }
  });
  afterAll(async () => {
    await server.stop();
  });
  const page = (locale: Locale, key: string) => `${server.url}${prefix(locale)}/biomarkers/${key}`;

  it.each([
    ['/biomarkers/no-such-marker', 'application/json', 'application/problem+json'],
    ['/de/biomarkers/no-such-marker', 'text/html', 'text/html; charset=utf-8'],
    ['/biomarkers/no-such-marker.md', '', MARKDOWN],
    ['/de/biomarkers/no-such-marker.md', 'text/markdown', MARKDOWN],
  ])('%s is the site 404 (Accept %s gives %s)', async (path, accept, type) => {
    const response = await client()(server.url + path, accept === '' ? {} : { headers: { Accept: accept } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe(type);
    if (type === 'application/problem+json') {
      expect(await response.json()).toMatchObject({ status: 404, code: 'not_found', instance: path });
    } else await response.text();
  });

  it('answers a POST to an unknown key 404, as for any unknown path (methods.test.ts: 405 on a marker page)', async () => {
    expect((await client()(page('en', 'no-such-marker'), { method: 'POST' })).status).toBe(404);
  });

  it.each(LOCALES)('%s: the eGFR page says what the API says, derived from creatinine (linked)', async (locale) => {
    const item = markers.get('egfr')!;
    const html = await (await client()(page(locale, 'egfr'))).text();
    for (const translation of item.translations) {
      expect(html).toContain(`<td lang="${translation.locale}">${translation.name}</td>`);
    }
    expect(html).toContain(`<code>${item.uuid}</code>`);
    expect(html).toContain('<code>egfr</code>');
    const creatinine = markers.get('creatinine')!.translations.find((t) => t.locale === locale)!.name;
    expect(html).toContain(`<a href="${prefix(locale)}/biomarkers/creatinine">${creatinine}</a>`);
    expect(html).toContain(`<a href="${prefix(locale)}/biomarkers#kidney">`);
    const lead = textOf(/<p class="lead">([\s\S]*?)<\/p>/.exec(html)![1]!);
    expect(lead).toBe(item.translations.find((t) => t.locale === locale)!.description);
    // The unit as the page's language writes the number in it; the API's string keeps its decimal point.
    expect(row(html, 'EU')[0]).toBe(locale === 'de' ? item.unit!.replace('1.73', '1,73') : item.unit);
    // Besides creatinine, the formula takes the person's age and sex: the page and its twin say so alike.
    const person = locale === 'de' ? 'sowie Alter und Geschlecht' : ', with age and sex';
    expect(textOf(/<dd class="derived-from">([\s\S]*?)<\/dd>/.exec(html)![1]!)).toContain(
      `${creatinine}${locale === 'de' ? ' ' : ''}${person}`,
    );
    const twin = await (await client()(`${page(locale, 'egfr')}.md`)).text();
    expect(twin).toContain(
      `${creatinine}](${server.url}${prefix(locale)}/biomarkers/creatinine.md)${locale === 'de' ? ' ' : ''}${person}`,
    );
    // The sample as a reader copies it: this marker's uuid, in its panel, from this server.
    const curl = extractSamples(html).find((sample) => sample.language === 'curl')!;
    expect(curl.code).toContain(`select(.uuid == "${item.uuid}")`);
    expect(curl.code).toContain(`curl -sS '${server.url}/v1/biomarkers/public?template=public-complete-eu'`);
  });

  it('non-HDL cholesterol links both of its inputs', async () => {
    const markdown = await (await client()(`${page('en', 'non-hdl-cholesterol')}.md`)).text();
    expect(markdown).toContain(
      `**Calculated**: yes, from [Total cholesterol](${server.url}/biomarkers/total-cholesterol.md) and [HDL cholesterol](${server.url}/biomarkers/hdl-cholesterol.md)`,
    );
  });

  it.each([
    ['urea', 'yes', 'no'],
    ['fasting-glucose', 'no', 'yes'],
    ['tibc', '–', 'yes'],
  ])('%s: premium per region as each panel of the API serves it (EU %s, UK %s)', async (key, eu, uk) => {
    // What the API says: the item's premium on the region's complete panel, '–' where no panel carries it.
    const fromApi = (complete: CatalogTemplate) => {
      const item = panels[complete].data.find((i) => keyOf(i) === key);
      return item === undefined ? '–' : item.premium === true ? 'yes' : 'no';
    };
    expect([fromApi('public-complete-eu'), fromApi('public-v2-complete-uk')]).toEqual([eu, uk]);
    const html = await (await client()(page('en', key))).text();
    expect(row(html, 'EU')[2]).toBe(eu);
    expect(row(html, 'UK')[2]).toBe(uk);
    const unitUk = panels['public-v2-complete-uk'].data.find((i) => keyOf(i) === key)!.unit;
    expect(row(html, 'UK')[0]).toBe(unitUk);
  });

  it('has a localized title and description, canonical and hreflang links, and a Markdown alternate', async () => {
    const response = await client()(page('de', 'haemoglobin'));
    const html = await response.text();
    expect(html).toContain('<title>Hämoglobin · Biomarker-Katalog</title>');
    expect(html).toMatch(/<meta name="description" content="Der eisenhaltige rote Blutfarbstoff/);
    expect(html).toContain(`<link rel="canonical" href="${page('de', 'haemoglobin')}"/>`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${page('en', 'haemoglobin')}"/>`);
    expect(html).toContain(`<link rel="alternate" hreflang="de" href="${page('de', 'haemoglobin')}"/>`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${page('en', 'haemoglobin')}"/>`);
    expect(response.headers.get('link')).toBe(
      `<${page('de', 'haemoglobin')}.md>; rel="alternate"; type="text/markdown"`,
    );
    const markdown = await client()(`${page('de', 'haemoglobin')}.md`);
    expect(markdown.headers.get('link')).toBe(`<${page('de', 'haemoglobin')}>; rel="canonical"`);
    await fetchMarkdownTwins(client(), server.url, {
      html: '/de/biomarkers/haemoglobin',
      md: '/de/biomarkers/haemoglobin.md',
    });
  });

  it('carries schema.org MedicalTest JSON-LD as its one data block; inline code only by hash', async () => {
    const response = await client()(page('en', 'ferritin'));
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await response.text();
    // Starlight's inline scripts and style attributes run only because the CSP names their hashes.
    expectPolicyCoversInlineCode(html, response.headers.get('content-security-policy')!);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) =>
      m[1]!.includes('application/ld+json'),
    );
    expect(scripts).toHaveLength(1);
    const ld = JSON.parse(scripts[0]![2]!) as Record<string, unknown>;
    const item = markers.get('ferritin')!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MedicalTest',
      name: 'Ferritin',
      url: page('en', 'ferritin'),
      identifier: [
        { '@type': 'PropertyValue', propertyID: 'uuid', value: item.uuid },
        { '@type': 'PropertyValue', propertyID: 'key', value: 'ferritin' },
      ],
    });
  });

  it('is rendered once per catalog version: the same ETag again', async () => {
    const first = await client()(page('en', 'hs-crp'));
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    const again = await client()(page('en', 'hs-crp'));
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('is linked from the list: every marker of /biomarkers links its page', async () => {
    const html = await (await client()(`${server.url}/de/biomarkers`)).text();
    const links = [...html.matchAll(/<h3[^>]*><a href="\/de\/biomarkers\/([a-z0-9-]+)">/g)].map((m) => m[1]);
    expect(links.sort()).toEqual([...markers.keys()].sort());
  });
});

/** A catalog whose markers have no metadata (the uuid names their pages); light panels carry the first only. */
function upstreamCatalog(template: string | null, name: string): BiomarkerCatalog {
  const item = (i: number, text: string): BiomarkerCatalogItem => ({
    uuid: `30000000-0000-4000-8000-00000000000${i}`,
    unit: 'g/L',
    translations: [
      { locale: 'en', name: text, description: `${text}, explained.` },
      { locale: 'de', name: `${text} (de)`, description: `${text}, erklärt.` },
    ],
  });
  const light = template?.includes('light') === true;
  return { success: true, data: light ? [item(1, name)] : [item(1, name), item(2, 'Albumin')] };
}

describe('marker pages follow their upstream', () => {
  let upstream: FakeUpstream;
  let site: InProcessServer;
  const clock = testClock();
  const first = '/biomarkers/30000000-0000-4000-8000-000000000001';
  const second = '/biomarkers/30000000-0000-4000-8000-000000000002';
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.catalog = (template) => upstreamCatalog(template, 'Total protein');
    site = await startOnFakeUpstream(upstream, clock);
  });
  afterAll(async () => {
    await site.stop();
    await upstream.close();
  });

  it('names a page by the uuid where the origin gives no key, and follows a rename and a removal', async () => {
    const before = await client()(site.url + first);
    expect(before.status).toBe(200);
    expect(pageHeadingOf(await before.text())).toBe('Total protein');
    expect((await client()(`${site.url}${second}.md`)).status).toBe(200);
    upstream.catalog = (template) => ({
      success: true,
      data: upstreamCatalog(template, 'Serum total protein').data.slice(0, 1),
    });
    clock.advance(1_100); // past the TTL
    await eventually(async () => (await (await client()(site.url + first)).text()).includes('Serum total protein'));
    expect((await client()(site.url + second)).status).toBe(404);
    const sitemap = await (await client()(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${site.url}${first}</loc>`);
    expect(sitemap).not.toContain(second);
  });

  it('answers 502 with the honest error state while the upstream fails with no copy to stand in', async () => {
    upstream.mode = 'status-500';
    clock.advance(1_100);
    try {
      await eventually(async () => (await client()(site.url + first, { method: 'HEAD' })).status === 502);
      const markdown = await client()(`${site.url}/de${first}.md`);
      expect(markdown.status).toBe(502);
      expect(markdown.headers.get('cache-control')).toBe('no-store');
      expect(await markdown.text()).toContain('> **Der Katalog ist gerade nicht verfügbar**');
    } finally {
      upstream.mode = 'ok';
    }
  });
});
