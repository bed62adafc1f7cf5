import type { PhrasingContent, RootContent } from 'mdast';
import { API_FAMILIES, type ApiFamilyId } from '../content/api-families.ts';
import { anchoredHeading, bulletList, code, strong, table, text } from '../markdown/mdast-builders.ts';
import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import { allowedText, descriptionParagraphs, requiredLabel, securityText } from './api-reference-labels.ts';
import {
  schemaAnchor,
  type ApiReferenceView,
  type ExampleView,
  type MediaView,
  type OperationView,
  type PathView,
  type PropertyView,
  type ResponseView,
  type SchemaView,
  type TextRun,
  type TypeView,
} from './build-api-reference-view.ts';

/** The Markdown of a request sample in every language, by its id, at heading depth 4. */
type SampleNodes = (id: string) => RootContent[];

/** Where the twin's links go: the twins of the reference's pages and of the developer guide. */
export interface ReferenceMarkdownLinks {
  /** An anchor on the overview (no family) or on a family's page. */
  reference(target: { anchor: string; family?: ApiFamilyId | undefined }): string;
  /** A section of the developer guide. */
  guide(anchor: string): string;
}

const runs = (paragraph: TextRun[]): PhrasingContent[] =>
  paragraph.map((run) => (run.code ? code(run.text) : text(run.text)));

/** A description's paragraphs as one run of text, for a list item or a table cell. */
const inline = (description: string): PhrasingContent[] =>
  descriptionParagraphs(description).flatMap((paragraph, index) => [
    ...(index > 0 ? [text(' ')] : []),
    ...runs(paragraph),
  ]);

const paragraphs = (description: string): RootContent[] =>
  descriptionParagraphs(description).map((paragraph) => ({ type: 'paragraph', children: runs(paragraph) }));

/** A heading; with `anchor`, one the HTML page anchors there and lists in its table of contents (`outlineHeadings`). */
const heading = (depth: 2 | 3 | 4, children: PhrasingContent[], anchor?: string): RootContent =>
  anchor === undefined ? { type: 'heading', depth, children } : anchoredHeading(depth, anchor, children);

const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({ type: 'link', url, children });

/** A type as code, linked to its schema's section on the overview when it names one. */
const typeName = (type: TypeView, links: ReferenceMarkdownLinks): PhrasingContent =>
  type.schema === undefined
    ? code(type.label)
    : link(links.reference({ anchor: schemaAnchor(type.schema) }), [code(type.label)]);

/** "Example: as for [`GET /path 429`](…).": where something is described instead of repeated. */
const asFor = (
  lead: string,
  target: { anchor: string; label: string; family?: ApiFamilyId },
  links: ReferenceMarkdownLinks,
  family: ApiFamilyId | undefined,
): RootContent => ({
  type: 'paragraph',
  children: [
    text(`${lead} `),
    link(links.reference({ anchor: target.anchor, family: target.family ?? family }), [code(target.label)]),
    text('.'),
  ],
});

const joined = (parts: PhrasingContent[][]): PhrasingContent[] =>
  parts.flatMap((part, index) => [...(index > 0 ? [text(', ')] : []), ...part]);

const mediaText = (media: MediaView[], links: ReferenceMarkdownLinks): PhrasingContent[] =>
  joined(
    media.map((m) => [
      code(m.mediaType),
      ...(m.schema === undefined ? [] : [text(' ('), typeName(m.schema, links), text(')')]),
    ]),
  );

/** Fields as a table: name, type (linked to its schema), required, description with values and default. */
function fieldTable(
  fields: Array<PropertyView & { in?: string; default?: string }>,
  ui: ApiReferenceUiStrings,
  links: ReferenceMarkdownLinks,
): RootContent {
  const located = fields.some((field) => field.in !== undefined);
  return table(
    [ui.nameColumn, ...(located ? [ui.inColumn] : []), ui.typeColumn, ui.requiredColumn, ui.descriptionColumn],
    fields.map((field) => [
      [code(field.name)],
      ...(located ? [[text(field.in ?? '')]] : []),
      [typeName(field.type, links)],
      [text(requiredLabel(field.required, ui))],
      [...inline(field.description), ...runs(allowedText(field.values, field.default, ui))],
    ]),
  );
}

function examples(list: ExampleView[], ui: ApiReferenceUiStrings): RootContent[] {
  return list.flatMap((example): RootContent[] => [
    {
      type: 'paragraph',
      children: [
        strong(`${ui.example}${example.summary === undefined ? '' : `: ${example.summary}`}`),
        text(' ('),
        code(example.mediaType),
        text(')'),
      ],
    },
    { type: 'code', lang: example.language, value: example.code },
  ]);
}

/** A paragraph that starts with a bold label: "**Body**: …". */
const labelled = (label: string, children: PhrasingContent[]): RootContent => ({
  type: 'paragraph',
  children: [strong(label), text(': '), ...children],
});

function responseMarkdown(
  response: ResponseView,
  ui: ApiReferenceUiStrings,
  links: ReferenceMarkdownLinks,
  family: ApiFamilyId,
): RootContent[] {
  const { sharedHeaders, ownHeaders, guideSections } = response;
  return [
    heading(4, [code(response.status), text(` ${response.reason}`)], response.anchor),
    ...paragraphs(response.description),
    labelled(ui.body, response.media.length === 0 ? [text(ui.noBody)] : mediaText(response.media, links)),
    ...(guideSections.length === 0
      ? []
      : [
          labelled(
            ui.guideSection,
            joined(guideSections.map((section) => [link(links.guide(section.anchor), [code(section.code)])])),
          ),
        ]),
    ...(sharedHeaders.length === 0 && !response.withEveryResponseHeaders
      ? []
      : [
          labelled(
            ui.headersColumn,
            joined([
              // Plain text: every response has them, and the overview's twin lists them once.
              ...(response.withEveryResponseHeaders ? [[text(ui.everyResponseHeaders)]] : []),
              ...sharedHeaders.map((h) => [link(links.reference({ anchor: h.anchor }), [code(h.name)])]),
            ]),
          ),
        ]),
    ...(ownHeaders.length === 0
      ? []
      : [bulletList(ownHeaders.map((h) => [code(h.name), text(': '), ...inline(h.description)]))]),
    ...(response.sameAs === undefined ? [] : [asFor(ui.exampleAsFor, response.sameAs, links, family)]),
    ...examples(response.examples, ui),
  ];
}

function operationMarkdown(
  operation: OperationView,
  family: ApiFamilyId,
  ui: ApiReferenceUiStrings,
  links: ReferenceMarkdownLinks,
  samples: SampleNodes,
): RootContent[] {
  const out: RootContent[] = [
    heading(2, [code(`${operation.method} ${operation.path}`)], operation.anchor),
    { type: 'paragraph', children: [strong(operation.summary)] },
    ...paragraphs(operation.description),
    labelled(ui.security, runs(securityText(operation.security, ui))),
  ];
  if (operation.parameters.length > 0) {
    out.push(heading(3, [text(ui.parameters)]), fieldTable(operation.parameters, ui, links));
  }
  const body = operation.requestBody;
  if (body !== undefined) {
    out.push(
      heading(3, [text(ui.requestBody)]),
      {
        type: 'paragraph',
        children: [
          text(`${ui.requiredColumn}: ${requiredLabel(body.required, ui)}.`),
          ...(body.description === undefined ? [] : [text(' '), ...inline(body.description)]),
        ],
      },
      bulletList(body.media.map((m) => mediaText([m], links))),
      ...(body.fields.length === 0 ? [] : [fieldTable(body.fields, ui, links)]),
    );
  }
  if (operation.sample !== undefined) out.push(heading(3, [text(ui.requestExample)]), ...samples(operation.sample));
  if (operation.asFor !== undefined) {
    out.push(asFor(ui.responsesAsFor, operation.asFor, links, family));
    return out;
  }
  out.push(
    heading(3, [text(ui.responses)]),
    ...operation.responses.flatMap((r) => responseMarkdown(r, ui, links, family)),
  );
  return out;
}

function schemaMarkdown(schema: SchemaView, ui: ApiReferenceUiStrings, links: ReferenceMarkdownLinks): RootContent[] {
  const out: RootContent[] = [heading(3, [text(schema.name)], schema.anchor), ...paragraphs(schema.description)];
  if (schema.properties.length === 0) {
    out.push(labelled(ui.typeColumn, [code(schema.type.label)]));
    return out;
  }
  out.push(fieldTable(schema.properties, ui, links));
  return out;
}

/**
 * One family's page of the API reference as Markdown nodes, with real headings: an H2 per
 * operation (`GET /path`), H3 for its parameters, request body, request sample and responses,
 * an H4 per response with its headers and examples (and per language of the sample). Fields
 * are tables; types, shared headers and error codes link to where they are described. The
 * same view as the HTML.
 */
export function apiOperationsMarkdown(
  paths: PathView[],
  ui: ApiReferenceUiStrings,
  links: ReferenceMarkdownLinks,
  samples: SampleNodes,
): RootContent[] {
  return paths.flatMap((path): RootContent[] =>
    path.operations.flatMap((operation) => operationMarkdown(operation, path.family, ui, links, samples)),
  );
}

/**
 * The reference's overview as Markdown nodes: every operation under its family, each linked
 * to its section on the family's page, then the schemas and the shared response headers.
 */
export function apiOverviewMarkdown(
  view: ApiReferenceView,
  ui: ApiReferenceUiStrings,
  links: ReferenceMarkdownLinks & { family(id: ApiFamilyId): string },
): RootContent[] {
  return [
    heading(2, [text(ui.operationsHeading)], 'operations'),
    ...API_FAMILIES.flatMap(({ id }): RootContent[] => [
      heading(3, [text(ui.families[id])], `family-${id}`),
      {
        type: 'paragraph',
        children: [link(links.family(id), [text(ui.familyPage.replace('{family}', ui.families[id]))])],
      },
      bulletList(
        view.paths
          .filter((path) => path.family === id)
          .flatMap((path) => path.operations)
          .map((operation) => [
            link(links.reference({ anchor: operation.anchor, family: id }), [
              code(`${operation.method} ${operation.path}`),
            ]),
            text(`: ${operation.summary}`),
          ]),
      ),
    ]),
    heading(2, [text(ui.schemasHeading)], 'schemas'),
    { type: 'paragraph', children: [text(ui.schemasLead)] },
    ...view.schemas.flatMap((schema) => schemaMarkdown(schema, ui, links)),
    heading(2, [text(ui.headersHeading)], 'response-headers'),
    { type: 'paragraph', children: [text(ui.headersLead)] },
    ...(view.everyResponseHeaders.length === 0
      ? []
      : [
          {
            type: 'paragraph',
            children: [
              text(`${ui.everyResponseLead} `),
              ...joined(view.everyResponseHeaders.map((name) => [code(name)])),
              text('.'),
            ],
          } as RootContent,
        ]),
    bulletList(view.headers.map((h) => [code(h.name), text(` (${h.type.label}): `), ...inline(h.description)])),
  ];
}
