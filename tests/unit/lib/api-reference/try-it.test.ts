import type { Node, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { apiOperationsOutline } from '../../../../src/lib/api-reference/api-reference-outline.ts';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { translatorFor } from '../../../../src/lib/api-reference/openapi-translations.ts';
import type { TryItProps } from '../../../../src/lib/api-reference/try-it.ts';
import { API_FAMILIES, apiFamilySlug } from '../../../../src/lib/content/api-families.ts';
import type { Locale } from '../../../../src/lib/content/locales.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { printMarkdown } from '../../../../src/lib/markdown/markdown-printer.ts';
import { twinNodes, type PagePart } from '../../../../src/lib/markdown/page-outline.ts';
import { CATALOG_POLICY } from '../../../../src/lib/rate-limit/headers.ts';
import { PATH_ROUTES } from '../../../../src/server/routes.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

const document = openApiDocumentFor('https://catalog.example');

/** Every family page's outline in `locale`, with the "Try it" panels' properties in page order. */
function pages(locale: Locale) {
  const ui = UiStringsSchema.parse(readUiStrings(locale)).apiReference;
  const view = buildApiReferenceView(document, translatorFor(locale));
  return API_FAMILIES.map(({ id }) => {
    const paths = view.paths.filter((path) => path.family === id);
    const outline = apiOperationsOutline(paths, view.schemas, {
      locale,
      slug: apiFamilySlug(id),
      ui,
      baseUrl: 'https://catalog.example',
    });
    const walk = (nodes: readonly Node[]): Node[] =>
      nodes.flatMap((node) => [node, ...('children' in node ? walk(node.children as Node[]) : [])]);
    const panels = walk(outline)
      .filter((node): node is PagePart => node.type === 'pagePart' && (node as PagePart).component === 'TryIt')
      .map((node) => node.props as unknown as TryItProps);
    return { id, ui, outline, panels };
  });
}

const en = pages('en');
const panelsOf = (family: string) => en.find((page) => page.id === family)!.panels;

describe('the "Try it" panels of the API reference', () => {
  it('come with every GET and the token POST, never with a HEAD or a preflight, which others describe', () => {
    expect(en.flatMap((page) => page.panels.map((panel) => `${panel.method} ${panel.path}`))).toEqual([
      'GET /v1/biomarkers/public',
      'POST /oauth/token',
      'GET /.well-known/oauth-authorization-server',
      'GET /.well-known/oauth-protected-resource',
      'GET /openapi.json',
      'GET /api/openapi.yaml',
      'GET /healthz',
    ]);
  });

  it("offer the catalog's templates as a choice from the document's enum, its default chosen", () => {
    const [catalog] = panelsOf('catalog');
    const template = catalog!.fields.find((field) => field.name === 'template');
    expect(template).toMatchObject({
      in: 'query',
      required: false,
      values: ['public-complete-eu', 'public-light-eu', 'public-v2-complete-uk', 'public-v2-light-uk'],
      initial: 'public-complete-eu',
    });
    // The conditional headers as text fields, empty: not sent unless the reader fills them.
    expect(catalog!.fields.filter((field) => field.in === 'header')).toMatchObject([
      { name: 'If-None-Match', values: [], initial: '' },
      { name: 'If-Match', values: [], initial: '' },
    ]);
  });

  it("send the token's form fields as text, the grant type and scope filled in, a client secret to see refused", () => {
    const [token] = panelsOf('token');
    expect(token).toMatchObject({ method: 'POST', mediaType: 'application/x-www-form-urlencoded' });
    expect(token!.fields.map(({ name, in: where, values, initial }) => ({ name, where, values, initial }))).toEqual([
      { name: 'grant_type', where: 'body', values: [], initial: 'client_credentials' },
      { name: 'scope', where: 'body', values: [], initial: 'catalog.read' },
      { name: 'client_id', where: 'body', values: [], initial: '' },
      { name: 'client_secret', where: 'body', values: [], initial: '' },
    ]);
    expect(token!.fields.at(-1)?.hint).toContain('invalid_client');
  });

  it("link each documented status to its response's heading", () => {
    const [catalog] = panelsOf('catalog');
    expect(catalog!.responses[1]).toEqual({
      status: '304',
      reason: 'Not Modified',
      anchor: 'op-get-v1-biomarkers-public-304',
    });
  });

  it("say what sending costs with the rate limit's own numbers, and that the health check costs none", () => {
    const { limit, windowSeconds } = CATALOG_POLICY;
    for (const locale of ['en', 'de'] as const) {
      for (const page of pages(locale)) {
        for (const panel of page.panels) {
          const counted = PATH_ROUTES.get(panel.path)?.counted;
          expect(counted, panel.path).toBeTypeOf('boolean');
          const template = counted === true ? page.ui.tryIt.quota : page.ui.tryIt.free;
          expect(panel.note, `${locale} ${panel.path}`).toBe(
            template.replaceAll('{limit}', String(limit)).replaceAll('{seconds}', String(windowSeconds)),
          );
          expect(panel.note).toContain(String(limit));
        }
      }
    }
    expect(panelsOf('health')[0]!.note).not.toBe(panelsOf('catalog')[0]!.note);
  });

  it('are no part of the Markdown twin, which prints the same without them', () => {
    const withoutPanels = (nodes: readonly Node[]): Node[] =>
      nodes
        .filter((node) => !(node.type === 'pagePart' && (node as PagePart).component === 'TryIt'))
        .map((node) => ('children' in node ? { ...node, children: withoutPanels(node.children as Node[]) } : node));
    const print = (nodes: readonly Node[]) =>
      printMarkdown({ type: 'root', children: twinNodes(nodes as RootContent[]) });
    for (const locale of ['en', 'de'] as const) {
      for (const page of pages(locale)) {
        const twin = print(page.outline);
        expect(twin).toBe(print(withoutPanels(page.outline)));
        expect(twin).not.toContain(page.ui.tryIt.heading);
      }
    }
  });
});
