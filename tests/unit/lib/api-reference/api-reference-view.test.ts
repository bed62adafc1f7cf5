import { describe, expect, it } from 'vitest';
import { API_FAMILIES, API_REFERENCE_SLUG, apiFamilySlug } from '../../../../src/lib/content/api-families.ts';
import { pagePath } from '../../../../src/lib/content/page-paths.ts';
import {
  descriptionParagraphs,
  securityText,
  typeOf,
  valuesOf,
} from '../../../../src/lib/api-reference/api-reference-labels.ts';
import { translatorFor } from '../../../../src/lib/api-reference/openapi-translations.ts';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { mdxToMarkdown } from '../../../../src/lib/site-pages/mdx-to-markdown.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

const document = openApiDocumentFor('https://catalog.example');
const view = buildApiReferenceView(document);
const uiStrings = UiStringsSchema.parse(readUiStrings('en'));
const ui = uiStrings.apiReference;
const operation = (method: string, path: string) =>
  view.paths.flatMap((p) => p.operations).find((o) => o.method === method && o.path === path)!;
/** A page of the reference as its Markdown twin prints it (from the page's outline; links absolute, to twins). */
const twin = (slug: string) =>
  mdxToMarkdown(slug === API_REFERENCE_SLUG ? '<ApiReference />\n' : '<ApiOperations />\n', {
    title: 'Reference',
    description: 'The API.',
    baseUrl: 'https://catalog.example',
    pagePath: pagePath('en', slug),
    context: { locale: 'en', slug, openApiDocument: () => document, ui: uiStrings, otherUi: [], data: undefined },
  });
/** Every family page's twin, in the families' order. */
const operationsMarkdown = API_FAMILIES.map(({ id }) => twin(apiFamilySlug(id))).join('\n');

describe('typeOf and valuesOf', () => {
  it.each([
    [{ type: 'string' }, { label: 'string' }],
    [{ type: 'string', format: 'uri' }, { label: 'string (uri)' }],
    [{ $ref: '#/components/schemas/Problem' }, { label: 'Problem', schema: 'Problem' }],
    [
      { type: 'array', items: { $ref: '#/components/schemas/Translation' } },
      { label: 'Translation[]', schema: 'Translation' },
    ],
    [{ type: 'array', items: { type: 'string' } }, { label: 'string[]' }],
    [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, { label: 'string | null' }],
    [{ type: ['integer', 'null'] }, { label: 'integer | null' }],
    [{}, { label: 'any' }],
  ])('%j → %j', (schema, expected) => {
    expect(typeOf(schema)).toEqual(expected);
  });

  it('lists enum and const values, as JSON when they are not strings', () => {
    expect(valuesOf({ enum: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(valuesOf({ const: true })).toEqual(['true']);
    expect(valuesOf({ type: 'string' })).toEqual([]);
  });
});

describe('descriptionParagraphs', () => {
  it('splits paragraphs at blank lines and backticks into code runs', () => {
    expect(descriptionParagraphs('As GET.\n\nThe `ETag`\nof it.')).toEqual([
      [{ code: false, text: 'As GET.' }],
      [
        { code: false, text: 'The ' },
        { code: true, text: 'ETag' },
        { code: false, text: ' of it.' },
      ],
    ]);
  });
});

describe('buildApiReferenceView', () => {
  it('puts every path of the document on one family page, in the order of the families', () => {
    expect(view.paths.map((p) => p.family)).toEqual(
      API_FAMILIES.flatMap((family) => family.paths.map(() => family.id)),
    );
    expect(view.paths.map((p) => p.path)).toEqual(API_FAMILIES.flatMap((family) => family.paths));
  });

  it('has every path and method of the document, in its order', () => {
    expect(view.paths.map((p) => p.path)).toEqual(Object.keys(document.paths));
    for (const path of view.paths) {
      const methods = Object.keys(document.paths[path.path]!).filter((key) => key !== 'servers');
      expect(path.operations.map((o) => o.method)).toEqual(methods.map((m) => m.toUpperCase()));
    }
    const anchors = view.paths.flatMap((p) => [p.anchor, ...p.operations.map((o) => o.anchor)]);
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  it('resolves shared parameters, with type, values and default', () => {
    const get = operation('GET', '/v1/biomarkers/public');
    expect(get.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['template', 'query', false],
      ['If-None-Match', 'header', false],
      ['If-Match', 'header', false],
    ]);
    expect(get.parameters[0]).toMatchObject({
      type: { label: 'string' },
      values: ['public-complete-eu', 'public-light-eu', 'public-v2-complete-uk', 'public-v2-light-uk'],
      default: 'public-complete-eu',
    });
  });

  it('resolves shared responses, with media types, schema and headers', () => {
    const get = operation('GET', '/v1/biomarkers/public');
    expect(get.responses.map((r) => r.status)).toEqual(['200', '304', '400', '405', '412', '429', '500', '502']);
    const ok = get.responses[0]!;
    expect(ok.media).toEqual([
      { mediaType: 'application/json', schema: { label: 'BiomarkerCatalog', schema: 'BiomarkerCatalog' } },
    ]);
    expect(ok.sharedHeaders.map((h) => h.name)).toContain('ETag'); // shared: described once
    expect(ok.ownHeaders.find((h) => h.name === 'Cache-Control')!.description).toMatch(/\w/); // inline
    const notModified = get.responses[1]!;
    expect(notModified.description).toMatch(/If-None-Match/);
    expect(notModified.media).toEqual([]);
    const tooMany = get.responses.find((r) => r.status === '429')!;
    expect(tooMany.sharedHeaders.map((h) => h.name)).toContain('Retry-After');
  });

  it('states security: the catalog anonymous or with catalog.read, the rest anonymous', () => {
    expect(operation('GET', '/v1/biomarkers/public').security).toEqual([
      { kind: 'anonymous' },
      { kind: 'oauth2', scopes: ['catalog.read'] },
    ]);
    expect(operation('POST', '/oauth/token').security).toEqual([{ kind: 'anonymous' }]);
    expect(securityText(operation('GET', '/v1/biomarkers/public').security, ui)).toEqual([
      { code: false, text: 'none (anonymous)' },
      { code: false, text: ' or ' },
      { code: false, text: 'OAuth 2.0 access token with scope ' },
      { code: true, text: 'catalog.read' },
    ]);
  });

  it('lists the token request body with both media types, and its fields from the schema', () => {
    expect(operation('POST', '/oauth/token').requestBody).toMatchObject({
      required: true,
      media: [
        { mediaType: 'application/x-www-form-urlencoded', schema: { label: 'TokenRequest' } },
        { mediaType: 'application/json', schema: { label: 'TokenRequest' } },
      ],
    });
    const fields = operation('POST', '/oauth/token').requestBody!.fields;
    expect(fields.map((f) => [f.name, f.required, f.values])).toEqual([
      ['grant_type', true, ['client_credentials']],
      ['scope', false, ['catalog.read']],
      ['client_id', false, []],
    ]);
    expect(fields.every((f) => f.description !== '')).toBe(true);
  });

  it("links every error response to the guide's section on each code its examples carry", () => {
    const sections = (method: string, path: string) =>
      Object.fromEntries(
        operation(method, path).responses.map((r) => [r.status, r.guideSections.map((g) => `${g.code} #${g.anchor}`)]),
      );
    expect(sections('GET', '/v1/biomarkers/public')).toEqual({
      '200': [],
      '304': [],
      '400': ['bad_request #bad-request'],
      '405': ['method_not_allowed #method-not-allowed'],
      '412': ['precondition_failed #precondition-failed'],
      '429': ['rate_limited #rate-limited'],
      '500': ['internal_error #internal-error'],
      '502': ['bad_gateway #bad-gateway'],
    });
    expect(sections('POST', '/oauth/token')).toMatchObject({
      '400': [
        'invalid_request #invalid-request',
        'invalid_client #invalid-client',
        'unsupported_grant_type #unsupported-grant-type',
        'invalid_scope #invalid-scope',
      ],
      '401': ['invalid_client #invalid-client'],
      '413': ['invalid_request #invalid-request'],
    });
    // A later use of a shared response, whose example is shown once, still links the guide.
    const later429 = operation('GET', '/api/openapi.yaml').responses.find((r) => r.status === '429')!;
    expect(later429.examples).toEqual([]);
    expect(later429.guideSections).toEqual([{ code: 'rate_limited', anchor: 'rate-limited' }]);
  });

  it('gives both OpenAPI documents an example of their start, the YAML one as YAML', () => {
    const json = operation('GET', '/openapi.json').responses[0]!.examples;
    const yaml = operation('GET', '/api/openapi.yaml').responses[0]!.examples;
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0]!.code)).toMatchObject({ openapi: '3.1.0', info: { title: document.info.title } });
    expect(yaml).toMatchObject([{ language: 'yaml', mediaType: 'application/yaml' }]);
    expect(yaml[0]!.code).toMatch(/^openapi: 3\.1\.0\n/);
    expect(yaml[0]!.code).toContain('  - url: https://catalog.example\n');
  });

  it('says what the discovery documents name in words, not by the operator variable', () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource']) {
      for (const locale of ['en', 'de'] as const) {
        const description = buildApiReferenceView(document, translatorFor(locale)).paths.find((p) => p.path === path)!
          .operations[0]!.description;
        expect(description).not.toContain('BASE_URL');
        expect(description).toMatch(locale === 'en' ? /base URL/ : /Basis-URL/);
      }
    }
  });

  it('describes every component schema with its properties', () => {
    expect(view.schemas.map((s) => s.name)).toEqual(Object.keys(document.components.schemas));
    const problem = view.schemas.find((s) => s.name === 'Problem')!;
    expect(problem.description).toMatch(/RFC 9457/);
    expect(problem.properties.filter((p) => p.required).map((p) => p.name)).toEqual([
      'type',
      'title',
      'status',
      'detail',
      'code',
    ]);
    expect(problem.properties.find((p) => p.name === 'code')!.values).toContain('rate_limited');
    const catalog = view.schemas.find((s) => s.name === 'BiomarkerCatalog')!;
    expect(catalog.properties.find((p) => p.name === 'data')!.type).toEqual({
      label: 'BiomarkerCatalogItem[]',
      schema: 'BiomarkerCatalogItem',
    });
    expect(view.headers.map((h) => h.name)).toEqual(Object.keys(document.components.headers));
  });
});

describe('apiOperationsOutline and apiOverviewOutline, as the twin prints them', () => {
  const markdown = operationsMarkdown;

  it('has one H2 per operation, method and path together, on the family pages', () => {
    const operations = view.paths.flatMap((p) => p.operations);
    expect(markdown.match(/^## /gm)).toHaveLength(operations.length);
    for (const o of operations) expect(`\n${markdown}`).toContain(`\n## \`${o.method} ${o.path}\`\n`);
  });

  it('lists every operation on the overview under its family, then the schemas and headers', () => {
    const overview = twin(API_REFERENCE_SLUG);
    expect(overview.match(/^## /gm)).toHaveLength(3);
    expect(overview).toContain(
      '### Catalog\n\n[Open the Catalog page](https://catalog.example/developers/api/catalog.md)\n',
    );
    for (const o of view.paths.flatMap((p) => p.operations)) {
      const family = view.paths.find((p) => p.path === o.path)!.family;
      expect(overview).toContain(
        `[\`${o.method} ${o.path}\`](https://catalog.example/developers/api/${family}.md#${o.anchor}): `,
      );
    }
    expect(overview.match(/^### /gm)).toHaveLength(API_FAMILIES.length + view.schemas.length);
    expect(overview).toContain('\n## Response headers\n');
    // A schema's fields are a table; a type that names a schema links its section.
    expect(overview).toContain(
      '| `data` | [`BiomarkerCatalogItem[]`](https://catalog.example/developers/api.md#schema-biomarkercatalogitem) | yes |',
    );
  });

  it('writes descriptions with their code, and security with the scope as code', () => {
    expect(markdown).toContain(
      '**Authentication**: none (anonymous) or OAuth 2.0 access token with scope `catalog.read`',
    );
    expect(markdown).toContain('| Name | In | Type | Required | Description |\n');
    expect(markdown).toMatch(/^\| `template` \| query \| `string` \| no \| .*Default: `public-complete-eu`\. \|$/m);
    expect(markdown).not.toContain('\\`');
  });

  it('uses real headings for every part of an operation and every response, and tables for fields', () => {
    const token = markdown.slice(
      markdown.indexOf('## `POST /oauth/token`\n'),
      markdown.indexOf('## `OPTIONS /oauth/token`'),
    );
    for (const heading of [
      '### Request body',
      '### Request example',
      '### Responses',
      '#### `200` OK',
      '#### `413` Content Too Large',
    ]) {
      expect(token).toContain(`\n${heading}\n`);
    }
    expect(token).toContain("\n#### curl\n\n```sh\ncurl -sS -i 'https://catalog.example/oauth/token'");
    expect(token).toContain(
      '| `grant_type` | `string` | yes | Must be `client_credentials`. Values: `client_credentials`. |',
    );
    expect(token).toContain('| `scope` | `string` | no |');
    expect(token).toContain('| `client_id` | `string` | no |');
    // Error codes link the guide's twin; body schemas the overview's.
    expect(token).toContain(
      '**In the guide**: [`invalid_client`](https://catalog.example/developers.md#invalid-client)\n',
    );
    expect(token).toContain(
      '**Body**: `application/json` ([`TokenSuccess`](https://catalog.example/developers/api.md#schema-tokensuccess))',
    );
  });
});

describe('operations another one describes', () => {
  it('describes HEAD once, by its GET: no parameters or responses of its own, a link there', () => {
    for (const path of ['/v1/biomarkers/public', '/openapi.json', '/healthz']) {
      const head = operation('HEAD', path);
      expect(head.asFor).toMatchObject({ anchor: operation('GET', path).anchor, label: `GET ${path}` });
      expect(head.parameters).toEqual([]);
      expect(head.responses).toEqual([]);
      // Its own sentence, not the GET's description again.
      expect(head.description).toBe('As GET: the same status and headers, without a body.');
      // Its request sample is its GET's.
      expect(head.sample).toBeUndefined();
    }
    const german = buildApiReferenceView(document, translatorFor('de'));
    const head = german.paths[0]!.operations.find((o) => o.method === 'HEAD')!;
    expect(head.description).toBe('Wie GET: derselbe Status und dieselben Header, ohne Body.');
  });

  it('describes the preflight in full once, and links every later one there', () => {
    const first = operation('OPTIONS', '/v1/biomarkers/public');
    expect(first.asFor).toBeUndefined();
    expect(first.responses.map((r) => r.status)).toEqual(['204', '429']);
    const preflights = view.paths.flatMap((p) => p.operations).filter((o) => o.method === 'OPTIONS');
    expect(preflights.length).toBe(view.paths.length);
    for (const later of preflights.slice(1)) {
      // On the catalog's page, which the others link to.
      expect(later.asFor).toEqual({ anchor: first.anchor, label: 'OPTIONS /v1/biomarkers/public', family: 'catalog' });
      expect(later.responses).toEqual([]);
    }
    // GET and POST are always described in full.
    for (const full of view.paths.flatMap((p) => p.operations).filter((o) => /^(GET|POST)$/.test(o.method))) {
      expect(full.asFor, `${full.method} ${full.path}`).toBeUndefined();
      expect(full.responses.length).toBeGreaterThan(1);
    }
  });

  it('says so in the Markdown twin', () => {
    const markdown = operationsMarkdown;
    const head = markdown.slice(markdown.indexOf('## `HEAD /healthz`'), markdown.indexOf('## `OPTIONS /healthz`'));
    expect(head).toContain(
      'Parameters and responses: as for [`GET /healthz`](https://catalog.example/developers/api/health.md#op-get-healthz).',
    );
    expect(head).not.toContain('### Responses');
  });
});

describe('examples and anchors', () => {
  it('gives every GET and POST a request sample of its own, and HEAD and OPTIONS none', () => {
    const all = view.paths.flatMap((p) => p.operations);
    expect(all.filter((o) => o.sample !== undefined).map((o) => o.sample)).toEqual([
      'api-get-catalog',
      'api-create-token',
      'api-get-authorization-server-metadata',
      'api-get-protected-resource-metadata',
      'api-get-open-api-json',
      'api-get-open-api-yaml',
      'api-get-health',
    ]);
    expect(all.filter((o) => /^(HEAD|OPTIONS)$/.test(o.method)).every((o) => o.sample === undefined)).toBe(true);
  });

  it('shows every example once per family page, and links later uses of a shared response there to it', () => {
    const shown = view.paths.flatMap((p) => p.operations).flatMap((o) => o.responses.flatMap((r) => r.examples));
    const inDocument = JSON.stringify(document.paths).match(/"examples?":/g)!.length;
    expect(shown.length).toBeGreaterThan(10);
    const token400 = operation('POST', '/oauth/token').responses.find((r) => r.status === '400')!;
    expect(token400.examples.map((e) => e.summary)).toEqual([
      'grant_type missing',
      'A client secret was sent',
      'Another grant type',
      'Another scope',
    ]);
    expect(JSON.parse(token400.examples[0]!.code)).toMatchObject({ error: 'invalid_request' });
    const first429 = operation('GET', '/v1/biomarkers/public').responses.find((r) => r.status === '429')!;
    expect(first429.examples).toHaveLength(1);
    // Each family's page shows it once: the OpenAPI documents' first 429 has it again.
    const json429 = operation('GET', '/openapi.json').responses.find((r) => r.status === '429')!;
    expect(json429.examples).toHaveLength(1);
    const later429 = operation('GET', '/api/openapi.yaml').responses.find((r) => r.status === '429')!;
    expect(later429.examples).toEqual([]);
    expect(later429.sameAs).toEqual({ anchor: json429.anchor, label: 'GET /openapi.json 429' });
    // HEAD answers have no body, so they show no body examples.
    expect(operation('HEAD', '/v1/biomarkers/public').responses.flatMap((r) => r.examples)).toEqual([]);
    expect(inDocument).toBeGreaterThan(0);
  });

  it('anchors every operation and response, and names their statuses', () => {
    const get = operation('GET', '/v1/biomarkers/public');
    expect(get.anchor).toBe('op-get-v1-biomarkers-public');
    expect(get.responses.map((r) => [r.anchor, r.reason])).toContainEqual([
      'op-get-v1-biomarkers-public-304',
      'Not Modified',
    ]);
    const anchors = view.paths.flatMap((p) =>
      p.operations.flatMap((o) => [o.anchor, ...o.responses.map((r) => r.anchor)]),
    );
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(view.paths.flatMap((p) => p.operations).every((o) => o.responses.every((r) => r.reason !== ''))).toBe(true);
  });

  it('links shared headers to their description', () => {
    const ok = operation('GET', '/v1/biomarkers/public').responses[0]!;
    expect(ok.sharedHeaders.find((h) => h.name === 'ETag')).toEqual({ name: 'ETag', anchor: 'header-etag' });
    expect(view.headers.map((h) => h.anchor)).toContain('header-etag');
  });

  it('names the headers every response carries once, and each response says it has them', () => {
    expect(view.everyResponseHeaders).toEqual([
      'RateLimit',
      'RateLimit-Policy',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-Request-Id',
    ]);
    const responses = view.paths.flatMap((p) => p.operations).flatMap((o) => o.responses);
    for (const response of responses) {
      expect(response.withEveryResponseHeaders).toBe(true);
      const names = [...response.sharedHeaders, ...response.ownHeaders].map((h) => h.name);
      expect(names.filter((name) => view.everyResponseHeaders.includes(name))).toEqual([]);
    }
    // A header only some responses carry stays on each of them.
    expect(operation('GET', '/v1/biomarkers/public').responses[0]!.sharedHeaders.map((h) => h.name)).toContain('ETag');
  });
});

describe('the document has no internal references', () => {
  it('never cites the service specification or the implementation', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/\bspec(ification)? (section )?\d/i);
    expect(text).not.toMatch(/in memory|in-memory|compresses it once|per process/i);
  });
});
