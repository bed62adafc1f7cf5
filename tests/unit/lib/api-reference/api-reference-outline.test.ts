import type { Node, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { apiOperationsOutline, apiOverviewOutline } from '../../../../src/lib/api-reference/api-reference-outline.ts';
import type { PathView, SchemaView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { API_REFERENCE_SLUG } from '../../../../src/lib/content/api-families.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import type { PageElement } from '../../../../src/lib/markdown/page-outline.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

const ui = UiStringsSchema.parse(readUiStrings('en')).apiReference;
const options = (slug: string) => ({ locale: 'en' as const, slug, ui, baseUrl: 'https://catalog.example' });

/** Every node of a tree, depth first. */
const walk = (nodes: readonly Node[]): Node[] =>
  nodes.flatMap((node) => [node, ...('children' in node ? walk(node.children as Node[]) : [])]);
const elements = (nodes: RootContent[], element: string) =>
  walk(nodes).filter(
    (node): node is PageElement => node.type === 'pageElement' && (node as PageElement).element === element,
  );

describe('the overview outline', () => {
  const view = buildApiReferenceView(openApiDocumentFor('https://catalog.example'));
  const outline = apiOverviewOutline(view, options(API_REFERENCE_SLUG));

  it("keeps every anchor of the one-page reference on the page: each operation's and each response's", () => {
    const ids = new Set(
      walk(outline).flatMap((node) => (node.data?.page?.id === undefined ? [] : [node.data.page.id])),
    );
    for (const operation of view.paths.flatMap((path) => path.operations)) {
      expect(ids, operation.anchor).toContain(operation.anchor);
      for (const response of operation.responses) expect(ids, response.anchor).toContain(response.anchor);
    }
  });

  it("links each response's anchor to the response on its family's page", () => {
    const [link] = elements(outline, 'a').filter((a) => a.data?.page?.id === 'op-get-v1-biomarkers-public-200');
    expect(link?.data?.page?.href).toBe('/developers/api/catalog#op-get-v1-biomarkers-public-200');
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
    const expanders = elements(outline, 'details');
    // Tree, and Leaf inside it; neither Tree again under `child` nor under Leaf's `back`.
    expect(expanders.map((details) => walk(details.children).find((node) => node.type === 'text'))).toMatchObject([
      { value: ui.schemaFields.replace('{schema}', 'Tree') },
      { value: ui.schemaFields.replace('{schema}', 'Leaf') },
    ]);
  });
});
