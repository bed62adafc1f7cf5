import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_FAMILIES, apiFamilySlug, type ApiFamilyId } from '../../src/lib/content/api-families.ts';
import { LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import { markdownPath, pagePath } from '../../src/lib/content/page-paths.ts';
import { HTTP_METHODS, type OpenApiDocument } from '../../src/lib/openapi/openapi-types.ts';
import { withoutCode } from '../helpers/content-files.ts';
import { extractSamples } from '../helpers/guide-samples.ts';
import { expectPolicyCoversInlineCode } from '../helpers/inline-csp.ts';
import { fetchMarkdownTwins } from '../helpers/markdown-twins.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';
import { fetchAs } from '../helpers/start-server.ts';

let n = 0;
/** A fresh client address per call, so no test shares a rate-limit window. */
const client = () => fetchAs(`192.0.2.${(++n % 250) + 1}`);
const HTML = 'text/html; charset=utf-8';
const LANGUAGES = ['curl', 'javascript', 'python', 'typescript'];

/** The HTML and Markdown paths of a page of the reference: the overview, or a family's. */
/** How a response names the headers every response carries. */
const everyResponse: Record<Locale, string> = { en: 'those of every response', de: 'die jeder Antwort' };

const pathsOf = (locale: Locale, family?: ApiFamilyId) => {
  const slug = family === undefined ? 'developers/api' : apiFamilySlug(family);
  return { html: pagePath(locale, slug), md: markdownPath(locale, slug) };
};

interface Operation {
  path: string;
  method: string;
  statuses: string[];
  anchor: string;
  family: ApiFamilyId;
  /** By status, the error codes (a Problem's `code`, an OAuth error's `error`) its examples carry. */
  codes: Record<string, string[]>;
}

/** The error codes of a response's examples, its `$ref` followed. */
function codesOf(document: OpenApiDocument, response: unknown): string[] {
  const ref = (response as { $ref?: string }).$ref;
  const resolved = (
    ref === undefined ? response : document.components.responses?.[ref.slice(ref.lastIndexOf('/') + 1)]
  ) as { content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> };
  const values = Object.values(resolved.content ?? {}).flatMap((media) => [
    ...(media.example === undefined ? [] : [media.example]),
    ...Object.values(media.examples ?? {}).map((example) => example.value),
  ]);
  return [
    ...new Set(
      values.flatMap((value) => {
        const { code, error } = (value ?? {}) as { code?: unknown; error?: unknown };
        const found = typeof code === 'string' ? code : error;
        return typeof found === 'string' ? [found] : [];
      }),
    ),
  ];
}

/** Every operation of the document: path, upper-case method, documented statuses, anchor and family. */
function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      const family = API_FAMILIES.find((each) => (each.paths as readonly string[]).includes(path))?.id;
      if (operation === undefined) return [];
      expect(family, `${path} belongs to a family`).toBeDefined();
      const anchor = `op-${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`.toLowerCase();
      const codes = Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [status, codesOf(document, response)]),
      );
      return [
        {
          path,
          method: method.toUpperCase(),
          statuses: Object.keys(operation.responses),
          anchor,
          family: family!,
          codes,
        },
      ];
    }),
  );
}

/**
 * Where an operation's responses are described: its own section, or, for HEAD, its GET's (the
 * same answers without a body), and for every preflight but the first, the first's.
 */
function describedIn(operations: Operation[], operation: Operation): Operation {
  const { path, method } = operation;
  const by = (m: string, p?: string) => operations.find((o) => o.method === m && (p === undefined || o.path === p));
  if (method === 'HEAD') return by('GET', path) ?? operation;
  if (method === 'OPTIONS') return by('OPTIONS') ?? operation;
  return operation;
}

/** The section of an HTML page or Markdown text from `start` up to the next `end` (or the end). */
function sectionOf(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  const to = text.indexOf(end, from + start.length);
  return text.slice(from, to === -1 ? undefined : to);
}

/** Starlight's "On this page" (the first of its two copies, desktop and mobile). */
const tocOf = (html: string): string => sectionOf(html, '<starlight-toc', '</starlight-toc>');

describe('the API reference: an overview and a page per family, from the served OpenAPI document', () => {
  let server: InProcessServer;
  let document: OpenApiDocument;
  let operations: Operation[];
  beforeAll(async () => {
    server = await startInProcess({ TRUST_PROXY: '1' });
    document = (await (await client()(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
    operations = operationsOf(document);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('puts every path of the document on exactly one family page', () => {
    const listed = API_FAMILIES.flatMap((family) => family.paths as readonly string[]);
    expect([...listed].sort()).toEqual(Object.keys(document.paths).sort());
    expect(operations.length).toBeGreaterThan(15);
  });

  it.each(LOCALES)(
    '%s: the overview lists every operation, keeps its old anchors and links them to the family pages',
    async (locale) => {
      const response = await client()(server.url + pathsOf(locale).html);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(HTML);
      const body = await response.text();
      expectPolicyCoversInlineCode(body, response.headers.get('content-security-policy')!);
      const html = body.replaceAll('<wbr>', '');
      for (const operation of operations) {
        const family = pathsOf(locale, operation.family).html;
        // `/developers/api#op-get-v1-biomarkers-public`, as linked before the split, lands on its row.
        const row = sectionOf(html, `<li id="${operation.anchor}">`, '</li>');
        expect(row).toContain(
          `<a href="${family}#${operation.anchor}"><code>${operation.method} ${operation.path}</code>`,
        );
        if (describedIn(operations, operation) !== operation) continue;
        for (const status of operation.statuses) {
          expect(row).toContain(`id="${operation.anchor}-${status}" href="${family}#${operation.anchor}-${status}"`);
        }
      }
      for (const family of API_FAMILIES) {
        // An ordinary heading, with the link to the family's page under it.
        expect(html).toMatch(
          new RegExp(
            `<h3 id="family-${family.id}"[^>]*>[^<]+</h3>\\s*<p class="api-family-link"><a href="${pathsOf(locale, family.id).html}">`,
          ),
        );
        expect(tocOf(html)).toContain(`href="#family-${family.id}"`);
      }
      for (const name of Object.keys(document.components.schemas)) {
        const anchor = `schema-${name.toLowerCase()}`;
        expect(html).toMatch(new RegExp(`<h3 id="${anchor}"[^>]*>${name}</h3>`));
        expect(tocOf(html)).toContain(`href="#${anchor}"`);
      }
      for (const anchor of ['operations', 'schemas', 'response-headers', 'header-etag']) {
        expect(html).toContain(`id="${anchor}"`);
      }
      // Types link to their schema's section, here on the page itself.
      expect(html).toMatch(/<a href="#schema-biomarkercatalogitem"><code>BiomarkerCatalogItem\[\]<\/code><\/a>/);
      expect(html).not.toMatch(/<table[\s>]/);
    },
  );

  describe.each(LOCALES)('%s', (locale) => {
    it.each(API_FAMILIES.map((family) => family.id))(
      'the %s page has each of its operations, with its responses in "On this page", four sample tabs and highlighted examples',
      async (family) => {
        const response = await client()(server.url + pathsOf(locale, family).html);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(HTML);
        expect(response.headers.get('cache-control')).toBe('public, max-age=300');
        const body = await response.text();
        expectPolicyCoversInlineCode(body, response.headers.get('content-security-policy')!);
        const html = body.replaceAll('<wbr>', '');
        const toc = tocOf(html);
        const own = operations.filter((operation) => operation.family === family);
        const guide = pagePath(locale, 'developers');
        for (const operation of own) {
          // One heading per operation: its method, then its path.
          const section = sectionOf(
            html,
            `<h2 id="${operation.anchor}" class="api-operation-title">`,
            'class="api-operation"',
          );
          expect(section).toMatch(
            new RegExp(
              `^[^]*?<span class="api-method">${operation.method}</span>\\s*<code>${operation.path}</code>\\s*</h2>`,
            ),
          );
          expect(toc).toContain(`href="#${operation.anchor}"`);
          const by = describedIn(operations, operation);
          if (by !== operation) {
            // HEAD links its GET on this page; a later preflight the first, on the catalog's page.
            const href = by.family === family ? `#${by.anchor}` : `${pathsOf(locale, by.family).html}#${by.anchor}`;
            expect(section).toContain(`<a href="${href}"><code>${by.method} ${by.path}</code></a>`);
            continue;
          }
          for (const status of operation.statuses) {
            expect(section, `${operation.method} ${operation.path} ${status}`).toContain(
              `<h4 id="${operation.anchor}-${status}"><code>${status}</code>`,
            );
            expect(toc).toContain(`href="#${operation.anchor}-${status}"`);
            // Each error response links the guide's section on every code it may carry.
            const response = sectionOf(section, `<h4 id="${operation.anchor}-${status}">`, '<h4 ');
            for (const code of operation.codes[status]!) {
              expect(response).toContain(`<a href="${guide}#${code.replaceAll('_', '-')}"><code>${code}</code></a>`);
            }
            if (/^(400|404|405|413|429|500|502)$/.test(status)) expect(operation.codes[status]).not.toEqual([]);
          }
        }
        // One sample per GET and POST, in the guide's four tabs, each copyable.
        const samples = extractSamples(body);
        const sampled = own.filter((operation) => /^(GET|POST)$/.test(operation.method));
        expect(new Set(samples.map((sample) => sample.id)).size).toBe(sampled.length);
        for (const id of new Set(samples.map((sample) => sample.id))) {
          expect(samples.filter((sample) => sample.id === id).map((sample) => sample.language)).toEqual(LANGUAGES);
        }
        expect((html.match(/role="tab"/g) ?? []).length).toBe(sampled.length * LANGUAGES.length);
        for (const sample of samples) expect(sample.code).toContain(server.url);
        // Response examples are Expressive Code blocks too: highlighted tokens, a copy button.
        expect(html).toMatch(/<pre data-language="json"[^>]*>[\s\S]*?data-c="/);
        expect(html).not.toMatch(/<pre class="api-example"/);
        // Types and shared headers link to the overview, where they are described once; the headers
        // every response carries are named there, and each response links them in a phrase.
        expect(html).toMatch(
          new RegExp(`<a href="${pathsOf(locale).html}#response-headers">${everyResponse[locale]}</a>`),
        );
        expect(html).not.toMatch(/<code>X-Request-Id<\/code>/);
        // A body's schema is shown where it is used, in an expander.
        expect(html).toMatch(/<details class="api-schema-fields"[^>]*><summary>[^<]*Problem<\/summary>/);
        // A table only for a request body's fields.
        expect(html.match(/<table[\s>]/g) ?? []).toHaveLength(family === 'token' ? 1 : 0);
        expect(html).not.toMatch(/spec section|spec \d/);
      },
    );
  });

  it.each(LOCALES)('%s: the catalog page in the page language, with its security and a schema link', async (locale) => {
    const html = (await (await client()(server.url + pathsOf(locale, 'catalog').html)).text()).replaceAll('<wbr>', '');
    const get = sectionOf(html, '<h2 id="op-get-v1-biomarkers-public" class="api-operation-title">', '<h3>');
    expect(get).toContain(
      `<strong>${locale === 'en' ? 'The biomarkers of one panel' : 'Die Biomarker eines Panels'}</strong>`,
    );
    expect(get).toContain('<code>catalog.read</code>');
    expect(html).toContain(
      `<a href="${pathsOf(locale).html}#schema-biomarkercatalog"><code>BiomarkerCatalog</code></a>`,
    );
  });

  it.each(LOCALES)(
    "%s: the token page shows the request body's fields from the schema, on the page and in its twin",
    async (locale) => {
      const schema = document.components.schemas['TokenRequest'] as {
        properties: Record<string, { enum?: string[]; const?: string }>;
        required: string[];
      };
      const [yes, no] = locale === 'en' ? ['yes', 'no'] : ['ja', 'nein'];
      const required = locale === 'en' ? 'required' : 'Pflicht';
      const html = (await (await client()(server.url + pathsOf(locale, 'token').html)).text()).replaceAll('<wbr>', '');
      const table = sectionOf(html, '<table', '</table>');
      const markdown = await fetchMarkdownTwins(client(), server.url, pathsOf(locale, 'token'));
      expect(Object.keys(schema.properties)).toEqual(['grant_type', 'scope', 'client_id']);
      for (const [name, field] of Object.entries(schema.properties)) {
        const isRequired = schema.required.includes(name);
        const row = sectionOf(table, `<td><code>${name}</code>`, '</tr>');
        expect(row.includes(`· ${required}`), name).toBe(isRequired);
        const values = field.enum ?? (field.const === undefined ? [] : [field.const]);
        for (const value of values) expect(row).toContain(`<code>${value}</code>`);
        expect(markdown).toContain(`| \`${name}\` | \`string\` | ${isRequired ? yes : no} | `);
      }
      // The schema's name links its section on the overview's twin.
      expect(markdown).toContain(`[\`TokenRequest\`](${server.url}${pathsOf(locale).md}#schema-tokenrequest)`);
      // Parameters are a table in the twin too.
      const catalog = await fetchMarkdownTwins(client(), server.url, pathsOf(locale, 'catalog'));
      expect(catalog).toContain(`| \`template\` | query | \`string\` | ${no} | `);
    },
  );

  it.each(LOCALES)('%s: .md and negotiated Markdown of each page hold what the HTML does', async (locale) => {
    const overview = await fetchMarkdownTwins(client(), server.url, pathsOf(locale));
    expect(overview.startsWith(locale === 'en' ? '# API reference\n' : '# API-Referenz\n')).toBe(true);
    for (const { path, method, anchor, family } of operations) {
      expect(overview).toContain(`[\`${method} ${path}\`](${server.url}${pathsOf(locale, family).md}#${anchor}): `);
    }
    for (const name of Object.keys(document.components.schemas)) expect(overview).toContain(`\n### ${name}\n`);
    for (const name of Object.keys(document.components.headers)) expect(overview).toContain(`- \`${name}\` (`);
    expect(overview).toMatch(
      locale === 'en'
        ? /^Every response carries `RateLimit`, .*`X-Request-Id`\.$/m
        : /^Jede Antwort enthält `RateLimit`, .*`X-Request-Id`\.$/m,
    );
    for (const family of API_FAMILIES) {
      expect(overview).toContain(`](${server.url}${pathsOf(locale, family.id).md})`);
      const markdown = await fetchMarkdownTwins(client(), server.url, pathsOf(locale, family.id));
      for (const operation of operations.filter((each) => each.family === family.id)) {
        const section = sectionOf(markdown, `## \`${operation.method} ${operation.path}\`\n`, '\n## ');
        const by = describedIn(operations, operation);
        if (by !== operation) {
          expect(section).toContain(
            `[\`${by.method} ${by.path}\`](${server.url}${pathsOf(locale, by.family).md}#${by.anchor}).`,
          );
          continue;
        }
        for (const status of operation.statuses) expect(section).toMatch(new RegExp(`^#### \`${status}\` `, 'm'));
        for (const code of Object.values(operation.codes).flat()) {
          expect(section).toContain(
            `[\`${code}\`](${server.url}${markdownPath(locale, 'developers')}#${code.replaceAll('_', '-')})`,
          );
        }
        if (/^(GET|POST)$/.test(operation.method)) {
          expect(section).toMatch(/^### .+\n\n#### curl\n\n```sh\ncurl -sS /m);
          for (const fence of ['js', 'python', 'ts']) expect(section).toContain(`\n\`\`\`${fence}\n`);
        }
      }
      expect(markdown).not.toMatch(/^\| .*  \|$/m); // tables unpadded
      expect(markdown).not.toMatch(/\]\((?!https?:)/); // every link absolute
      expect(withoutCode(markdown)).not.toMatch(/<[a-z]/i); // no HTML outside the samples' code
    }
  });

  it.each(LOCALES)(
    '%s: the sidebar groups the overview and the family pages, open on those pages only',
    async (locale) => {
      const label = locale === 'en' ? 'API reference' : 'API-Referenz';
      const groupOf = async (path: string) => {
        const html = await (await client()(server.url + path)).text();
        const summary = new RegExp(`<details( open)?[^>]*><summary[^>]*><span[^>]*><span[^>]*>${label}</span>`);
        const match = summary.exec(html);
        expect(match, `${path}: the group`).not.toBeNull();
        return { open: match![1] !== undefined, links: sectionOf(html.slice(match!.index), '<ul', '</details>') };
      };
      const elsewhere = await groupOf(pagePath(locale, 'auth'));
      expect(elsewhere.open).toBe(false);
      expect(elsewhere.links).toContain(`href="${pathsOf(locale).html}"`);
      for (const family of API_FAMILIES) expect(elsewhere.links).toContain(`href="${pathsOf(locale, family.id).html}"`);
      expect((await groupOf(pathsOf(locale, 'token').html)).open).toBe(true);
    },
  );

  it('lists every page of the reference in llms.txt and the sitemap', async () => {
    const llms = await (await client()(`${server.url}/llms.txt`)).text();
    const api = sectionOf(llms, '## API\n', '\n## ');
    expect(api).toMatch(new RegExp(`^- \\[API reference\\]\\(${server.url}/developers/api\\.md\\): `, 'm'));
    for (const family of API_FAMILIES) expect(api).toContain(`(${server.url}${pathsOf('en', family.id).md})`);
    const sitemap = await (await client()(`${server.url}/sitemap.xml`)).text();
    for (const locale of LOCALES) {
      expect(llms).toContain(`(${server.url}${pathsOf(locale).md})`);
      expect(sitemap).toContain(`<loc>${server.url}${pathsOf(locale).html}</loc>`);
      for (const family of API_FAMILIES) {
        expect(llms).toContain(`(${server.url}${pathsOf(locale, family.id).md})`);
        expect(sitemap).toContain(`<loc>${server.url}${pathsOf(locale, family.id).html}</loc>`);
      }
    }
  });

  it('is in the search index, every page in both languages', () => {
    const dir = new URL('../../dist/client/pagefind/fragment/', import.meta.url);
    const urls = readdirSync(dir).map((file) => {
      const text = gunzipSync(readFileSync(new URL(file, dir))).toString();
      return (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url;
    });
    for (const locale of LOCALES) {
      expect(urls).toContain(pathsOf(locale).html);
      for (const family of API_FAMILIES) expect(urls).toContain(pathsOf(locale, family.id).html);
    }
  });
});
