import type { PhrasingContent, RootContent } from 'mdast';
import { API_FAMILIES, type ApiFamilyId } from './api-families.ts';
import { bulletList, code, strong, text } from '../markdown/mdast-builders.ts';
import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import { allowedText, descriptionParagraphs, requiredLabel, securityText } from './api-reference-labels.ts';
import {
  type ApiReferenceView,
  type ExampleView,
  type MediaView,
  type OperationView,
  type PathView,
  type ResponseView,
  type SchemaView,
  type TextRun,
} from './build-api-reference-view.ts';

/** The Markdown of a request sample in every language, by its id, at heading depth 5. */
type SampleNodes = (id: string) => RootContent[];

const runs = (paragraph: TextRun[]): PhrasingContent[] =>
  paragraph.map((run) => (run.code ? code(run.text) : text(run.text)));

/** A description's paragraphs as one run of text, for a list item. */
const inline = (description: string): PhrasingContent[] =>
  descriptionParagraphs(description).flatMap((paragraph, index) => [
    ...(index > 0 ? [text(' ')] : []),
    ...runs(paragraph),
  ]);

const paragraphs = (description: string): RootContent[] =>
  descriptionParagraphs(description).map((paragraph) => ({ type: 'paragraph', children: runs(paragraph) }));

const heading = (depth: 2 | 3 | 4 | 5, children: PhrasingContent[]): RootContent => ({
  type: 'heading',
  depth,
  children,
});

/** "Example: as for `GET /path 429`.": where something is described instead of repeated. */
const asFor = (lead: string, target: { label: string }): RootContent => ({
  type: 'paragraph',
  children: [text(`${lead} `), code(target.label), text('.')],
});

const joined = (parts: PhrasingContent[][]): PhrasingContent[] =>
  parts.flatMap((part, index) => [...(index > 0 ? [text(', ')] : []), ...part]);

const mediaText = (media: MediaView[]): PhrasingContent[] =>
  joined(media.map((m) => [code(m.mediaType), ...(m.schema === undefined ? [] : [text(` (${m.schema.label})`)])]));

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

function responseMarkdown(response: ResponseView, ui: ApiReferenceUiStrings): RootContent[] {
  const { sharedHeaders, ownHeaders } = response;
  return [
    heading(5, [code(response.status), text(` ${response.reason}`)]),
    ...paragraphs(response.description),
    {
      type: 'paragraph',
      children: [
        strong(ui.body),
        text(': '),
        ...(response.media.length === 0 ? [text(ui.noBody)] : mediaText(response.media)),
      ],
    },
    ...(sharedHeaders.length === 0 && !response.withEveryResponseHeaders
      ? []
      : [
          {
            type: 'paragraph',
            children: [
              strong(ui.headersColumn),
              text(': '),
              ...joined([
                ...(response.withEveryResponseHeaders ? [[text(ui.everyResponseHeaders)]] : []),
                ...sharedHeaders.map((h) => [code(h.name)]),
              ]),
            ],
          } as RootContent,
        ]),
    ...(ownHeaders.length === 0
      ? []
      : [bulletList(ownHeaders.map((h) => [code(h.name), text(': '), ...inline(h.description)]))]),
    ...(response.sameAs === undefined ? [] : [asFor(ui.exampleAsFor, response.sameAs)]),
    ...examples(response.examples, ui),
  ];
}

function operationMarkdown(operation: OperationView, ui: ApiReferenceUiStrings, samples: SampleNodes): RootContent[] {
  const out: RootContent[] = [
    heading(3, [code(`${operation.method} ${operation.path}`)]),
    { type: 'paragraph', children: [strong(operation.summary)] },
    ...paragraphs(operation.description),
    { type: 'paragraph', children: [strong(ui.security), text(': '), ...runs(securityText(operation.security, ui))] },
  ];
  if (operation.parameters.length > 0) {
    out.push(
      heading(4, [text(ui.parameters)]),
      bulletList(
        operation.parameters.map((p) => [
          code(p.name),
          text(` (${p.in}, ${p.type.label}, ${p.required ? ui.required : ui.optional}): `),
          ...inline(p.description),
          ...runs(allowedText(p.values, p.default, ui)),
        ]),
      ),
    );
  }
  const body = operation.requestBody;
  if (body !== undefined) {
    out.push(
      heading(4, [text(ui.requestBody)]),
      {
        type: 'paragraph',
        children: [
          text(`${ui.requiredColumn}: ${requiredLabel(body.required, ui)}.`),
          ...(body.description === undefined ? [] : [text(' '), ...inline(body.description)]),
        ],
      },
      bulletList(body.media.map((m) => mediaText([m]))),
    );
  }
  if (operation.sample !== undefined) out.push(heading(4, [text(ui.requestExample)]), ...samples(operation.sample));
  if (operation.asFor !== undefined) {
    out.push(asFor(ui.responsesAsFor, operation.asFor));
    return out;
  }
  out.push(heading(4, [text(ui.responses)]), ...operation.responses.flatMap((r) => responseMarkdown(r, ui)));
  return out;
}

function schemaMarkdown(schema: SchemaView, ui: ApiReferenceUiStrings): RootContent[] {
  const out: RootContent[] = [heading(3, [text(schema.name)]), ...paragraphs(schema.description)];
  if (schema.properties.length === 0) {
    out.push({ type: 'paragraph', children: [strong(ui.typeColumn), text(': '), code(schema.type.label)] });
    return out;
  }
  out.push(
    bulletList(
      schema.properties.map((p) => [
        code(p.name),
        text(` (${p.type.label}, ${p.required ? ui.required : ui.optional}): `),
        ...inline(p.description),
        ...runs(allowedText(p.values, undefined, ui)),
      ]),
    ),
  );
  return out;
}

/**
 * One family's page of the API reference as Markdown nodes, with real headings: an H2 per
 * path, an H3 per method, H4 for its parameters, request body, request sample and responses,
 * an H5 per response with its headers and examples (and per language of the sample). Lists,
 * not padded tables: fewer tokens for an agent. The same view as the HTML.
 */
export function apiOperationsMarkdown(
  paths: PathView[],
  ui: ApiReferenceUiStrings,
  samples: SampleNodes,
): RootContent[] {
  return paths.flatMap((path): RootContent[] => [
    heading(2, [code(path.path)]),
    ...path.operations.flatMap((operation) => operationMarkdown(operation, ui, samples)),
  ]);
}

/**
 * The reference's overview as Markdown nodes: every operation under its family, whose heading
 * links the family's twin (`familyUrl`), then the schemas and the shared response headers.
 */
export function apiOverviewMarkdown(
  view: ApiReferenceView,
  ui: ApiReferenceUiStrings,
  familyUrl: (family: ApiFamilyId) => string,
): RootContent[] {
  return [
    heading(2, [text(ui.operationsHeading)]),
    ...API_FAMILIES.flatMap(({ id }): RootContent[] => [
      heading(3, [{ type: 'link', url: familyUrl(id), children: [text(ui.families[id])] }]),
      bulletList(
        view.paths
          .filter((path) => path.family === id)
          .flatMap((path) => path.operations)
          .map((operation) => [code(`${operation.method} ${operation.path}`), text(`: ${operation.summary}`)]),
      ),
    ]),
    heading(2, [text(ui.schemasHeading)]),
    { type: 'paragraph', children: [text(ui.schemasLead)] },
    ...view.schemas.flatMap((schema) => schemaMarkdown(schema, ui)),
    heading(2, [text(ui.headersHeading)]),
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
