import type { PhrasingContent, RootContent } from 'mdast';
import { text, code, table } from '../markdown/mdast-builders.ts';
import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import { requiredLabel, securityText } from './api-reference-labels.ts';
import {
  descriptionParagraphs,
  type ApiReferenceView,
  type MediaView,
  type OperationView,
  type SchemaView,
  type TextRun,
  type TypeView,
} from './build-api-reference-view.ts';

const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });

const runs = (paragraph: TextRun[]): PhrasingContent[] =>
  paragraph.map((run) => (run.code ? code(run.text) : text(run.text)));

/** A description's paragraphs as one cell: paragraphs joined by a space (a table cell holds one line). */
const cell = (description: string): PhrasingContent[] =>
  descriptionParagraphs(description).flatMap((paragraph, index) => [
    ...(index > 0 ? [text(' ')] : []),
    ...runs(paragraph),
  ]);

const paragraphs = (description: string): RootContent[] =>
  descriptionParagraphs(description).map((paragraph) => ({ type: 'paragraph', children: runs(paragraph) }));

/** `values` and `default` after a description: "Values: `a`, `b`. Default: `a`." */
function allowed(values: string[], fallback: string | undefined, ui: ApiReferenceUiStrings): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  if (values.length > 0) {
    out.push(text(` ${ui.values}: `));
    values.forEach((value, index) => out.push(...(index > 0 ? [text(', ')] : []), code(value)));
    out.push(text('.'));
  }
  if (fallback !== undefined) out.push(text(` ${ui.default}: `), code(fallback), text('.'));
  return out;
}

const typeCell = (type: TypeView): PhrasingContent[] => [code(type.label)];

const mediaCells = (media: MediaView[], ui: ApiReferenceUiStrings): PhrasingContent[][] => {
  if (media.length === 0) return [[text(ui.noBody)], []];
  const join = (items: PhrasingContent[][]): PhrasingContent[] =>
    items.flatMap((item, index) => [...(index > 0 ? [text(', ')] : []), ...item]);
  return [
    join(media.map((m) => [code(m.mediaType)])),
    join(media.flatMap((m) => (m.schema === undefined ? [] : [typeCell(m.schema)]))),
  ];
};

function operationMarkdown(operation: OperationView, ui: ApiReferenceUiStrings): RootContent[] {
  const out: RootContent[] = [
    { type: 'heading', depth: 3, children: [code(`${operation.method} ${operation.path}`)] },
    { type: 'paragraph', children: [strong(operation.summary)] },
    ...paragraphs(operation.description),
    { type: 'paragraph', children: [strong(ui.security), text(': '), ...runs(securityText(operation.security, ui))] },
  ];
  if (operation.parameters.length > 0) {
    out.push(
      { type: 'paragraph', children: [strong(ui.parameters)] },
      table(
        [ui.nameColumn, ui.inColumn, ui.typeColumn, ui.requiredColumn, ui.descriptionColumn],
        operation.parameters.map((p) => [
          [code(p.name)],
          [text(p.in)],
          typeCell(p.type),
          [text(requiredLabel(p.required, ui))],
          [...cell(p.description), ...allowed(p.values, p.default, ui)],
        ]),
      ),
    );
  }
  const body = operation.requestBody;
  if (body !== undefined) {
    out.push(
      {
        type: 'paragraph',
        children: [
          strong(ui.requestBody),
          text(` (${ui.requiredColumn}: ${requiredLabel(body.required, ui)})`),
          ...(body.description === undefined ? [] : [text(' '), ...cell(body.description)]),
        ],
      },
      table(
        [ui.mediaTypeColumn, ui.schemaColumn],
        body.media.map((m) => [[code(m.mediaType)], m.schema === undefined ? [] : typeCell(m.schema)]),
      ),
    );
  }
  out.push(
    { type: 'paragraph', children: [strong(ui.responses)] },
    table(
      [ui.statusColumn, ui.descriptionColumn, ui.mediaTypeColumn, ui.schemaColumn, ui.headersColumn],
      operation.responses.map((r) => [
        [code(r.status)],
        cell(r.description),
        ...mediaCells(r.media, ui),
        r.headers.flatMap((h, index) => [
          ...(index > 0 ? [text(', ')] : []),
          code(h.name),
          ...(h.description === undefined ? [] : [text(' ('), ...cell(h.description), text(')')]),
        ]),
      ]),
    ),
  );
  return out;
}

function schemaMarkdown(schema: SchemaView, ui: ApiReferenceUiStrings): RootContent[] {
  const out: RootContent[] = [
    { type: 'heading', depth: 3, children: [text(schema.name)] },
    ...paragraphs(schema.description),
  ];
  if (schema.properties.length === 0) {
    out.push({ type: 'paragraph', children: [strong(ui.typeColumn), text(': '), code(schema.type.label)] });
    return out;
  }
  out.push(
    table(
      [ui.propertyColumn, ui.typeColumn, ui.requiredColumn, ui.descriptionColumn],
      schema.properties.map((p) => [
        [code(p.name)],
        typeCell(p.type),
        [text(requiredLabel(p.required, ui))],
        [...cell(p.description), ...allowed(p.values, undefined, ui)],
      ]),
    ),
  );
  return out;
}

/**
 * The API reference as Markdown nodes: an H2 per path with an H3 per method (summary,
 * description, security, and tables of parameters, request body and responses), then
 * the schemas and the shared response headers. The same view as the HTML.
 */
export function apiReferenceMarkdown(view: ApiReferenceView, ui: ApiReferenceUiStrings): RootContent[] {
  return [
    ...view.paths.flatMap((path): RootContent[] => [
      { type: 'heading', depth: 2, children: [code(path.path)] },
      ...path.operations.flatMap((operation) => operationMarkdown(operation, ui)),
    ]),
    { type: 'heading', depth: 2, children: [text(ui.schemasHeading)] },
    { type: 'paragraph', children: [text(ui.schemasLead)] },
    ...view.schemas.flatMap((schema) => schemaMarkdown(schema, ui)),
    { type: 'heading', depth: 2, children: [text(ui.headersHeading)] },
    { type: 'paragraph', children: [text(ui.headersLead)] },
    table(
      [ui.headerColumn, ui.typeColumn, ui.descriptionColumn],
      view.headers.map((h) => [[code(h.name)], typeCell(h.type), cell(h.description)]),
    ),
  ];
}
