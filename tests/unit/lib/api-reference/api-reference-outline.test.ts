import type { Heading, Link, List, Node, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../../../src/lib/rate-limit/headers.ts';
import { apiOperationsOutline, apiOverviewOutline } from '../../../../src/lib/api-reference/api-reference-outline.ts';
import type { PathView, SchemaView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { translatorFor } from '../../../../src/lib/api-reference/openapi-translations.ts';
import { API_FAMILIES, API_REFERENCE_SLUG, apiFamilySlug } from '../../../../src/lib/content/api-families.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { printMarkdown } from '../../../../src/lib/markdown/markdown-printer.ts';
import { outlineHtmlWithHoles } from '../../../../src/lib/markdown/outline-html.ts';
import { twinNodes } from '../../../../src/lib/markdown/page-outline.ts';
import type { ReferencePart } from '../../../../src/lib/markdown/semantic-nodes.ts';
import { PAGE_PART_HTML } from '../../../../src/lib/site-pages/page-part-html.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

const ui = UiStringsSchema.parse(readUiStrings('en')).apiReference;
const options = (slug: string) => ({ locale: 'en' as const, slug, ui, baseUrl: 'https://catalog.example' });
const uiDe = UiStringsSchema.parse(readUiStrings('de')).apiReference;

/** Every node of a tree, depth first. */
const walk = (nodes: readonly Node[]): Node[] =>
  nodes.flatMap((node) => [node, ...('children' in node ? walk(node.children as Node[]) : [])]);
const parts = (nodes: RootContent[], kind: ReferencePart['kind']) =>
  walk(nodes).filter(
    (node): node is ReferencePart => node.type === 'referencePart' && (node as ReferencePart).kind === kind,
  );

/** The outline as the page writes it, what Astro renders (code blocks, Try it) left out. */
const pageHtml = (nodes: RootContent[]) =>
  outlineHtmlWithHoles(nodes, { parts: PAGE_PART_HTML, page: {} }).html.join('');

describe("the reference's outlines", () => {
  const view = buildApiReferenceView(openApiDocumentFor('https://catalog.example'));
  const outlines = [
    apiOverviewOutline(view, options(API_REFERENCE_SLUG)),
    ...API_FAMILIES.map(({ id }) =>
      apiOperationsOutline(
        view.paths.filter((path) => path.family === id),
        view.schemas,
        options(apiFamilySlug(id)),
      ),
    ),
  ];

  it('say what their parts are: no element of the page named, no fact said once for the page and again for the twin', () => {
    for (const outline of outlines) {
      const nodes = walk(outline);
      expect(nodes.length).toBeGreaterThan(50);
      expect(nodes.filter((node) => node.type === 'pageElement' || node.type === 'pageOnly')).toEqual([]);
      // The one twin-only part is a request sample's code, which the page shows as Astro's highlighted tabs.
      const siblings = walk(outline).flatMap((node) => ('children' in node ? [node.children as Node[]] : []));
      for (const children of siblings) {
        children.forEach((node, index) => {
          if (node.type !== 'twinOnly') return;
          expect(children[index - 1]).toMatchObject({ type: 'pagePart', component: 'RequestSample' });
        });
      }
    }
  });

  it('give each part its element on the page: an operation and a schema a section named by its heading', () => {
    const html = outlines.map(pageHtml).join('');
    expect(html).toContain('<div class="api-reference">');
    expect(html).toContain('<div class="api-path" id="path-v1-biomarkers-public">');
    expect(html).toContain(
      '<section class="api-operation" aria-labelledby="op-get-v1-biomarkers-public"><h2 id="op-get-v1-biomarkers-public" class="api-operation-title">',
    );
    expect(html).toContain('<section class="api-response"><h4 id="op-get-v1-biomarkers-public-200">');
    expect(html).toMatch(/<section class="api-schema" aria-labelledby="schema-[a-z-]+"><h3 id="schema-/);
  });
});

describe('the overview outline', () => {
  const view = buildApiReferenceView(openApiDocumentFor('https://catalog.example'));
  const outline = apiOverviewOutline(view, options(API_REFERENCE_SLUG));

  it("keeps every anchor of the one-page reference on the page: each operation's and each response's", () => {
    const ids = new Set([...pageHtml(outline).matchAll(/ id="([^"]*)"/g)].map((match) => match[1]));
    for (const operation of view.paths.flatMap((path) => path.operations)) {
      expect(ids, operation.anchor).toContain(operation.anchor);
      for (const response of operation.responses) expect(ids, response.anchor).toContain(response.anchor);
    }
  });

  it("links each response's anchor to the response on its family's page", () => {
    expect(pageHtml(outline)).toContain(
      '<a id="op-get-v1-biomarkers-public-200" href="/developers/api/catalog#op-get-v1-biomarkers-public-200">',
    );
  });
});

describe("a body's schema where it is used", () => {
  const property = (name: string, schema: string) => ({
    name,
    type: { label: schema, schema },
    required: true,
    description: '',
    values: [],
  });
  const schemas: SchemaView[] = [
    {
      name: 'Tree',
      anchor: 'schema-tree',
      description: '',
      type: { label: 'object' },
      properties: [property('child', 'Tree'), property('leaf', 'Leaf')],
    },
    {
      name: 'Leaf',
      anchor: 'schema-leaf',
      description: '',
      type: { label: 'object' },
      properties: [property('back', 'Tree')],
    },
  ];
  const path: PathView = {
    path: '/tree',
    anchor: 'path-tree',
    family: 'catalog',
    operations: [
      {
        operationId: 'getTree',
        method: 'GET',
        path: '/tree',
        anchor: 'op-get-tree',
        summary: 'A tree',
        description: '',
        security: [{ kind: 'anonymous' }],
        parameters: [],
        responses: [
          {
            status: '200',
            reason: 'OK',
            anchor: 'op-get-tree-200',
            description: '',
            media: [{ mediaType: 'application/json', schema: { label: 'Tree', schema: 'Tree' } }],
            sharedHeaders: [],
            withEveryResponseHeaders: false,
            ownHeaders: [],
            guideSections: [],
            examples: [],
          },
        ],
      },
    ],
  };

  it("nests each field's schema once per branch, so a schema that names itself ends", () => {
    const outline = apiOperationsOutline([path], schemas, options('developers/api/catalog'));
    const summaries = [...pageHtml(outline).matchAll(/<details[^>]*><summary>([^<]*)<\/summary>/g)].map((m) => m[1]);
    // Tree, and Leaf inside it; neither Tree again under `child` nor under Leaf's `back`.
    expect(summaries).toEqual([
      ui.schemaFields.replace('{schema}', 'Tree'),
      ui.schemaFields.replace('{schema}', 'Leaf'),
    ]);
  });
});

describe("an operation's status summary", () => {
  const document = openApiDocumentFor('https://catalog.example');
  const view = buildApiReferenceView(document);
  const catalog = view.paths.filter((path) => path.family === 'catalog');
  const outline = apiOperationsOutline(catalog, view.schemas, options('developers/api/catalog'));
  const operations = parts(outline, 'operation');
  const summaryOf = (section: ReferencePart) =>
    section.children.find(
      (node): node is List => node.type === 'list' && node.data?.page?.class === 'api-status-summary',
    );
  const linksOf = (list: List) => walk(list.children).filter((node): node is Link => node.type === 'link');
  const textOf = (nodes: readonly Node[]): string =>
    walk(nodes)
      .map((node) => ('value' in node ? String(node.value) : ''))
      .join('');

  it("comes first after the operation's heading and summary line, before its description", () => {
    const [get] = operations;
    const index = get!.children.findIndex((node) => node.type === 'list');
    expect(get!.children[0]?.type).toBe('heading');
    expect(textOf([get!.children[1]!])).toBe('The biomarkers of one panel');
    expect(textOf([get!.children[2]!])).toBe(`${ui.statusSummary}:`);
    expect(index).toBe(3);
  });

  it("lists every status of the operation on its own line, linked to its response's heading on the page", () => {
    const get = view.paths[0]!.operations.find((operation) => operation.method === 'GET')!;
    const list = summaryOf(operations[0]!)!;
    expect(list.children).toHaveLength(get.responses.length);
    expect(linksOf(list).map((link) => link.url)).toEqual(get.responses.map((response) => `#${response.anchor}`));
    const headings = walk(outline)
      .filter((node): node is Heading => node.type === 'heading')
      .map((node) => node.data?.anchor);
    for (const response of get.responses) expect(headings).toContain(response.anchor);
    expect(list.children.map((item) => textOf(item.children))).toEqual([
      '200 OK: The panel',
      '304 Not Modified: If-None-Match names the current ETag',
      '400 Bad Request: template is not one of the four panels, or the query is malformed',
      '405 Method Not Allowed: The path does not serve this method',
      '412 Precondition Failed: If-Match names no current ETag (strong comparison)',
      `429 Too Many Requests: More than ${CATALOG_POLICY.limit} requests in this client's ${CATALOG_POLICY.windowSeconds}-second window`,
      '500 Internal Server Error: An unexpected error',
      expect.stringMatching(/^502 Bad Gateway: The catalog origin failed \(.+\) and no cached copy is recent enough/),
    ]);
  });

  it('is none where another operation describes this one: HEAD links to its GET instead', () => {
    const summaries = operations.map((section) => summaryOf(section)?.children.length ?? 0);
    // GET, HEAD, OPTIONS (the first preflight, described here).
    expect(summaries).toEqual([8, 0, 2]);
  });

  it("is a list of links to the page's anchors in the twin too", () => {
    const twin = printMarkdown({ type: 'root', children: twinNodes(outline) });
    expect(twin).toContain(
      `**${ui.statusSummary}**:\n\n- [\`200\` OK](#op-get-v1-biomarkers-public-200): The panel\n` +
        '- [`304` Not Modified](#op-get-v1-biomarkers-public-304): `If-None-Match` names the current `ETag`\n',
    );
  });

  it("speaks the page's language, and links across pages from the overview's family", () => {
    const german = buildApiReferenceView(document, translatorFor('de'));
    const token = german.paths.filter((path) => path.family === 'token');
    const deOutline = apiOperationsOutline(token, german.schemas, {
      locale: 'de',
      slug: 'developers/api/token',
      ui: uiDe,
      baseUrl: 'https://catalog.example',
    });
    const twin = printMarkdown({ type: 'root', children: twinNodes(deOutline) });
    expect(twin).toContain(`**${uiDe.statusSummary}**:`);
    expect(twin).toContain('- [`500` Internal Server Error](#op-post-oauth-token-500): Ein unerwarteter Fehler\n');
    expect(twin).toContain('- [`413` Content Too Large](#op-post-oauth-token-413): Der Body ist größer als 4096 Bytes');
  });
});
