import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import { HTTP_METHODS, type OpenApiDocument } from '../../src/lib/openapi/openapi-types.ts';
import { expectPolicyCoversInlineCode } from '../helpers/inline-csp.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';
import { fetchMarkdownTwins } from '../helpers/markdown-twins.ts';

let n = 0;
/** A fresh client address per call, so no test shares a rate-limit window. */
const client = () => fetchAs(`192.0.2.${(++n % 250) + 1}`);
const HTML = 'text/html; charset=utf-8';
const PATHS: Record<Locale, { html: string; md: string }> = {
  en: { html: '/developers/api', md: '/developers/api.md' },
  de: { html: '/de/developers/api', md: '/de/developers/api.md' },
};

/** Every operation of the document: path, upper-case method and its documented statuses. */
function operationsOf(document: OpenApiDocument): Array<{ path: string; method: string; statuses: string[] }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation === undefined
        ? []
        : [{ path, method: method.toUpperCase(), statuses: Object.keys(operation.responses) }];
    }),
  );
}

/**
 * Where an operation's responses are described: its own section, or, for HEAD, its GET's (the
 * same answers without a body), and for every preflight but the first, the first's.
 */
function describedIn(document: OpenApiDocument, path: string, method: string): { path: string; method: string } {
  if (method === 'HEAD' && document.paths[path]?.get !== undefined) return { path, method: 'GET' };
  const first = Object.keys(document.paths).find((each) => document.paths[each]?.options !== undefined);
  if (method === 'OPTIONS' && first !== undefined) return { path: first, method };
  return { path, method };
}

/** The catalog GET's section of the reference page. */
const catalogSection = (html: string): string => sectionOf(html, '<code>GET /v1/biomarkers/public</code>', '<h4>');

/** The section of an HTML page or Markdown text from `start` up to the next `end` (or the end). */
function sectionOf(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  const to = text.indexOf(end, from + start.length);
  return text.slice(from, to === -1 ? undefined : to);
}

describe('/developers/api, rendered from the served OpenAPI document', () => {
  let server: InProcessServer;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startInProcess({ TRUST_PROXY: '1' });
    document = (await (await client()(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(LOCALES)('%s: the HTML has every path, method and status, and every schema', async (locale) => {
    const response = await client()(server.url + PATHS[locale].html);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(HTML);
    // Paths may wrap after a slash on a phone (<wbr>); the text is the same.
    const body = await response.text();
    expectPolicyCoversInlineCode(body, response.headers.get('content-security-policy')!);
    const html = body.replaceAll('<wbr>', '');
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(15);
    for (const { path, method, statuses } of operations) {
      const section = sectionOf(html, `<code>${method} ${path}</code></h3>`, 'class="api-operation"');
      const by = describedIn(document, path, method);
      const responses = sectionOf(html, `<code>${by.method} ${by.path}</code></h3>`, 'class="api-operation"');
      // An operation described by another links there.
      if (by.path !== path || by.method !== method)
        expect(section).toContain(`<code>${by.method} ${by.path}</code></a>`);
      for (const status of statuses)
        expect(responses, `${method} ${path} ${status}`).toContain(`<code>${status}</code>`);
    }
    for (const path of Object.keys(document.paths)) expect(html).toContain(`<code>${path}</code></h2>`);
    for (const name of Object.keys(document.components.schemas)) {
      expect(html).toMatch(new RegExp(`<h3 id="schema-[a-z-]+"[^>]*>${name}</h3>`));
    }
    // Lists, not tables: a phone reads them top to bottom, and no identifier is squeezed.
    expect(html).not.toMatch(/<table[\s>]/);
    // Every status has its own anchored heading; examples and a runnable request are shown.
    expect(html).toContain('<h5 id="op-get-v1-biomarkers-public-304"><code>304</code>');
    expect(html).toContain(`curl -sS &#39;${server.url}/v1/biomarkers/public?template=public-light-eu&#39;`);
    expect(html).toContain('&quot;error&quot;: &quot;invalid_client&quot;');
    expect(html).not.toMatch(/spec section|spec \d/);
    const summary = locale === 'en' ? 'The biomarkers of one panel' : 'Die Biomarker eines Panels';
    expect(catalogSection(html)).toContain(`<strong>${summary}</strong>`);
    // Security: the catalog takes an optional OAuth 2.0 token, the token endpoint none.
    const catalog = catalogSection(html);
    expect(catalog).toContain('<code>catalog.read</code>');
    // Types link to their schema's section.
    expect(html).toMatch(/<a href="#schema-biomarkercatalog"><code>BiomarkerCatalog<\/code><\/a>/);
    expect(html).toContain('id="schema-biomarkercatalog"');
  });

  it.each(LOCALES)(
    '%s: .md and negotiated Markdown are the same and hold every path, method and status',
    async (locale) => {
      const markdown = await fetchMarkdownTwins(client(), server.url, PATHS[locale]);
      expect(markdown.startsWith(locale === 'en' ? '# API reference\n' : '# API-Referenz\n')).toBe(true);
      for (const { path, method, statuses } of operationsOf(document)) {
        const section = sectionOf(markdown, `### \`${method} ${path}\`\n`, '\n### ');
        const by = describedIn(document, path, method);
        const responses = sectionOf(markdown, `### \`${by.method} ${by.path}\`\n`, '\n### ');
        if (by.path !== path || by.method !== method) expect(section).toContain(`\`${by.method} ${by.path}\`.`);
        for (const status of statuses)
          expect(responses, `${method} ${path} ${status}`).toMatch(new RegExp(`^##### \`${status}\` `, 'm'));
        expect(section).toMatch(/^#### .+\n\n(\*\*.+\n\n)?```sh\ncurl -sS /m);
      }
      for (const name of Object.keys(document.components.schemas)) expect(markdown).toContain(`\n### ${name}\n`);
      for (const name of Object.keys(document.components.headers)) expect(markdown).toContain(`- \`${name}\` (`);
      expect(markdown).not.toMatch(/^\|/m); // real headings and lists, no padded tables
      expect(markdown).not.toMatch(/\]\((?!https?:)/); // every link absolute
      expect(markdown).not.toMatch(/<[a-z]/i);
    },
  );

  it('may be cached as long as the OpenAPI document', async () => {
    const response = await client()(server.url + PATHS.en.html);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^"/);
  });

  it.each(LOCALES)(
    '%s: every page of the guide links it from the navigation, labelled in its language',
    async (locale) => {
      const html = await (await client()(server.url + (locale === 'en' ? '/auth' : '/de/auth'))).text();
      const label = locale === 'en' ? 'API reference' : 'API-Referenz';
      expect(html).toContain(`<a href="${PATHS[locale].html}">${label}</a>`);
    },
  );

  it('is in llms.txt and the sitemap like every other page', async () => {
    const llms = await (await client()(`${server.url}/llms.txt`)).text();
    const api = sectionOf(llms, '## API\n', '\n## ');
    expect(api).toMatch(new RegExp(`^- \\[API reference\\]\\(${server.url}/developers/api\\.md\\): `, 'm'));
    expect(llms).toContain(`(${server.url}/de/developers/api.md)`);
    const sitemap = await (await client()(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/developers/api</loc>`);
    expect(sitemap).toContain(`<loc>${server.url}/de/developers/api</loc>`);
  });
});
