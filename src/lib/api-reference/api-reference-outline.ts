import type { Paragraph, PhrasingContent, RootContent } from 'mdast';
import { API_FAMILIES, API_REFERENCE_SLUG, apiFamilySlug, type ApiFamilyId } from '../content/api-families.ts';
import type { Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, bulletList, code, strong, text } from '../markdown/mdast-builders.ts';
import { breakableCode, onPage } from '../markdown/page-outline.ts';
import {
  localLink,
  referencePart,
  type FieldItem,
  type FieldList,
  type FieldListLabels,
  type FieldType,
} from '../markdown/semantic-nodes.ts';
import { loadSample, sampleOutline } from '../samples/request-samples.ts';
import { allowedText, descriptionParagraphs, leadClause, requiredLabel, securityText } from './api-reference-labels.ts';
import { guideHref, referenceHref } from './api-reference-links.ts';
import { tryItPanel } from './try-it.ts';
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

/*
 * The API reference's pages as outlines (`lib/markdown/page-outline.ts`): the overview and each family's page, written
 * once and rendered as the page's HTML, its Markdown twin and its table of contents. Links are site paths (the twin
 * makes them absolute and points them at `.md` twins). Where the page and the twin say a part differently (a field
 * list: a description list a phone reads top to bottom on the page, a table in the twin), the outline holds what the
 * part is (`semantic-nodes.ts`), and both forms are derived from it.
 */

/** What an outline of the reference needs besides the view. */
export interface ApiReferenceOutlineOptions {
  locale: Locale;
  /** The slug of the page the outline is for: links to its own anchors are fragments. */
  slug: string;
  ui: ApiReferenceUiStrings;
  /** The public origin, the request samples' `{BASE_URL}`. */
  baseUrl: string;
}

/** A run of plain text; code as the page writes it: whole (`code`) or breaking between its words. */
const runs = (paragraph: TextRun[], codeWords = true): PhrasingContent[] =>
  paragraph.map((run) => (!run.code ? text(run.text) : codeWords ? breakableCode(run.text, ' ') : code(run.text)));

/** A description's paragraphs as one run of text, for a field's description or a table cell. */
const inline = (description: string): PhrasingContent[] =>
  descriptionParagraphs(description).flatMap((paragraph, index) => [
    ...(index > 0 ? [text(' ')] : []),
    ...runs(paragraph),
  ]);

const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

const paragraphs = (description: string): RootContent[] =>
  descriptionParagraphs(description).map((each) => paragraph(runs(each)));

const heading = (depth: 2 | 3, value: string): RootContent => ({ type: 'heading', depth, children: [text(value)] });

const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({ type: 'link', url, children });

/** A type, linked to its schema's section on the overview when it names one. */
const fieldType = (type: TypeView, options: ApiReferenceOutlineOptions): FieldType => ({
  label: type.label,
  href:
    type.schema === undefined
      ? undefined
      : referenceHref(options.locale, options.slug, { anchor: schemaAnchor(type.schema) }),
});

/** A type as code, linked to its schema's section on the overview when it names one. */
const typeName = (type: TypeView, options: ApiReferenceOutlineOptions): PhrasingContent => {
  const { label, href } = fieldType(type, options);
  return href === undefined ? code(label) : link(href, [code(label)]);
};

/** "Example: as for [`GET /path 429`](…).": where something is described instead of repeated. */
const asFor = (
  lead: string,
  target: { anchor: string; label: string; family?: ApiFamilyId },
  options: ApiReferenceOutlineOptions,
  family: ApiFamilyId | undefined,
): RootContent =>
  paragraph([
    text(`${lead} `),
    link(referenceHref(options.locale, options.slug, { anchor: target.anchor, family: target.family ?? family }), [
      breakableCode(target.label),
    ]),
    text('.'),
  ]);

const joined = (parts: PhrasingContent[][], separator = ', '): PhrasingContent[] =>
  parts.flatMap((part, index) => [...(index > 0 ? [text(separator)] : []), ...part]);

/** Media types, each with its schema: "`application/json` (`Problem`)". */
const mediaText = (media: MediaView[], options: ApiReferenceOutlineOptions, wrap = false): PhrasingContent[] =>
  joined(
    media.map((m) => [
      wrap ? breakableCode(m.mediaType) : code(m.mediaType),
      ...(m.schema === undefined ? [] : [text(' ('), typeName(m.schema, options), text(')')]),
    ]),
  );

/** The words of the reference's field lists. */
const fieldLabels = (ui: ApiReferenceUiStrings): FieldListLabels => ({
  name: ui.nameColumn,
  in: ui.inColumn,
  type: ui.typeColumn,
  required: ui.requiredColumn,
  description: ui.descriptionColumn,
  isRequired: ui.required,
  isOptional: ui.optional,
  yes: ui.yes,
  no: ui.no,
});

/** A field list of the reference, in the page's and the twin's forms. */
const fieldList = (
  fields: FieldItem[],
  ui: ApiReferenceUiStrings,
  forms: Pick<FieldList, 'page' | 'twin'>,
  expander: Pick<FieldList, 'summary' | 'intro'> = {},
): FieldList => ({ type: 'fieldList', ...forms, labels: fieldLabels(ui), fields, ...expander });

/** A field's description with its allowed values and default. */
const fieldDescription = (field: PropertyView & { default?: string }, ui: ApiReferenceUiStrings): PhrasingContent[] => [
  ...inline(field.description),
  ...runs(allowedText(field.values, field.default, ui), false),
];

/** A parameter or property as a field: name, where, type, requirement, description with values and default. */
const propertyField = (
  field: PropertyView & { in?: string; default?: string },
  options: ApiReferenceOutlineOptions,
): FieldItem => ({
  name: field.name,
  in: field.in,
  type: fieldType(field.type, options),
  required: field.required,
  description: fieldDescription(field, options.ui),
});

/**
 * Fields (an operation's parameters, a schema's properties): a description list on the page, each field's facts
 * after its name; a table in the twin.
 */
const fieldsOutline = (
  fields: Array<PropertyView & { in?: string; default?: string }>,
  options: ApiReferenceOutlineOptions,
): RootContent[] => [
  fieldList(
    fields.map((field) => propertyField(field, options)),
    options.ui,
    { page: 'list', twin: 'table' },
  ),
];

/**
 * A request body's fields: on the page a table of two columns (name with its facts, description), which fits a phone;
 * in the twin the table of every field list.
 */
const bodyFieldTable = (fields: PropertyView[], options: ApiReferenceOutlineOptions): RootContent[] => [
  fieldList(
    fields.map((field) => propertyField(field, options)),
    options.ui,
    { page: 'table', twin: 'table' },
  ),
];

/**
 * A body's schema where it is used, on the page only: an expander with its fields, each field's own schema nested in
 * it the same way (once per branch, so a schema that names itself ends); the overview describes every schema too.
 */
function schemaExpander(
  name: string,
  schemas: SchemaView[],
  options: ApiReferenceOutlineOptions,
  within: string[] = [],
): RootContent[] {
  const schema = schemas.find((each) => each.name === name);
  if (schema === undefined || schema.properties.length === 0) return [];
  const nested = (type: TypeView) =>
    type.schema !== undefined && type.schema !== name && !within.includes(type.schema)
      ? schemaExpander(type.schema, schemas, options, [...within, name])
      : [];
  return [
    fieldList(
      schema.properties.map((property) => ({
        name: property.name,
        nameBreaks: '_',
        type: fieldType(property.type, options),
        required: property.required,
        description: fieldDescription(property, options.ui),
        nested: nested(property.type),
      })),
      options.ui,
      { page: 'expander', twin: 'none' },
      { summary: options.ui.schemaFields.replace('{schema}', name), intro: paragraphs(schema.description) },
    ),
  ];
}

function examples(list: ExampleView[], ui: ApiReferenceUiStrings): RootContent[] {
  return list.flatMap((example): RootContent[] => {
    const title = `${ui.example}${example.summary === undefined ? '' : `: ${example.summary}`}`;
    return [
      onPage(paragraph([{ type: 'caption', value: title }, text(' ('), code(example.mediaType), text(')')]), {
        class: 'api-example-title',
      }),
      { type: 'code', lang: example.language, value: example.code },
    ];
  });
}

/** A paragraph that starts with a bold label: "**Body**: …". */
const labelled = (label: string, children: PhrasingContent[]): RootContent =>
  paragraph([strong(label), text(': '), ...children]);

/** Its own headers: a description list on the page, a bullet list in the twin. */
const ownHeaderList = (headers: ResponseView['ownHeaders'], ui: ApiReferenceUiStrings): RootContent[] => [
  fieldList(
    headers.map((h) => ({ name: h.name, description: inline(h.description) })),
    ui,
    { page: 'list', twin: 'bullets' },
  ),
];

function responseOutline(
  response: ResponseView,
  schemas: SchemaView[],
  options: ApiReferenceOutlineOptions,
  family: ApiFamilyId,
): RootContent {
  const { ui, locale, slug } = options;
  const { sharedHeaders, ownHeaders, guideSections } = response;
  const bodySchemas = new Set(response.media.flatMap((m) => (m.schema?.schema === undefined ? [] : [m.schema.schema])));
  return referencePart('response', [
    anchoredHeading(4, response.anchor, [code(response.status), text(` ${response.reason}`)]),
    ...paragraphs(response.description),
    labelled(ui.body, response.media.length === 0 ? [text(ui.noBody)] : mediaText(response.media, options)),
    ...[...bodySchemas].flatMap((name) => schemaExpander(name, schemas, options)),
    ...(guideSections.length === 0
      ? []
      : [
          labelled(
            ui.guideSection,
            joined(guideSections.map((section) => [link(guideHref(locale, section.anchor), [code(section.code)])])),
          ),
        ]),
    ...(sharedHeaders.length === 0 && !response.withEveryResponseHeaders
      ? []
      : [
          labelled(
            ui.headersColumn,
            joined([
              // The twin says it in plain text: every response has them, and the overview's twin lists them once.
              ...(response.withEveryResponseHeaders
                ? [
                    [
                      localLink(referenceHref(locale, slug, { anchor: 'response-headers' }), [
                        text(ui.everyResponseHeaders),
                      ]),
                    ],
                  ]
                : []),
              ...sharedHeaders.map((h) => [link(referenceHref(locale, slug, { anchor: h.anchor }), [code(h.name)])]),
            ]),
          ),
        ]),
    ...(ownHeaders.length === 0 ? [] : ownHeaderList(ownHeaders, ui)),
    ...(response.sameAs === undefined ? [] : [asFor(ui.exampleAsFor, response.sameAs, options, family)]),
    ...examples(response.examples, ui),
  ]);
}

/**
 * An operation's statuses at its top, one line each: the status and its reason phrase, linked to the response's heading
 * further down, and its short meaning (the first clause of its description). None for an operation described by
 * another (HEAD, a later preflight), which links there instead.
 */
function statusSummary(
  operation: OperationView,
  family: ApiFamilyId,
  options: ApiReferenceOutlineOptions,
): RootContent[] {
  if (operation.responses.length === 0) return [];
  const { ui, locale, slug } = options;
  const list = bulletList(
    operation.responses.map((response) => {
      const meaning = runs(leadClause(response.description), false);
      return [
        link(referenceHref(locale, slug, { anchor: response.anchor, family }), [
          code(response.status),
          ...(response.reason === '' ? [] : [text(` ${response.reason}`)]),
        ]),
        ...(meaning.length === 0 ? [] : [text(': '), ...meaning]),
      ];
    }),
  );
  return [paragraph([strong(ui.statusSummary), text(':')]), onPage(list, { class: 'api-status-summary' })];
}

function operationOutline(
  operation: OperationView,
  family: ApiFamilyId,
  schemas: SchemaView[],
  options: ApiReferenceOutlineOptions,
): RootContent {
  const { ui, locale, baseUrl } = options;
  const out: RootContent[] = [
    onPage(
      anchoredHeading(2, operation.anchor, [{ type: 'methodPath', method: operation.method, path: operation.path }]),
      { class: 'api-operation-title' },
    ),
    paragraph([strong(operation.summary)]),
    ...statusSummary(operation, family, options),
    ...paragraphs(operation.description),
    labelled(ui.security, runs(securityText(operation.security, ui), false)),
  ];
  if (operation.parameters.length > 0)
    out.push(heading(3, ui.parameters), ...fieldsOutline(operation.parameters, options));
  const body = operation.requestBody;
  if (body !== undefined) {
    out.push(
      heading(3, ui.requestBody),
      paragraph([
        text(`${ui.requiredColumn}: ${requiredLabel(body.required, ui)}.`),
        ...(body.description === undefined ? [] : [text(' '), ...inline(body.description)]),
      ]),
      bulletList(body.media.map((m) => mediaText([m], options, true))),
      ...(body.fields.length === 0 ? [] : bodyFieldTable(body.fields, options)),
    );
  }
  if (operation.sample !== undefined) {
    const sample = loadSample(operation.sample, { BASE_URL: baseUrl }, locale);
    out.push(heading(3, ui.requestExample), ...sampleOutline(sample, locale, 4));
  }
  out.push(...tryItPanel(operation, ui));
  if (operation.asFor === undefined) {
    out.push(
      heading(3, ui.responses),
      ...operation.responses.map((response) => responseOutline(response, schemas, options, family)),
    );
  } else {
    out.push(asFor(ui.responsesAsFor, operation.asFor, options, family));
  }
  return referencePart('operation', out, operation.anchor);
}

/**
 * One family's page of the API reference: an H2 per operation (`GET /path`), H3 for its parameters, request body,
 * request sample and responses, an H4 per response with its headers and examples (and per language of the sample).
 * Types, shared headers and error codes link to where they are described. A path's anchor (`#path-…`) stays, on the
 * group of its operations, which has no heading of its own.
 */
export function apiOperationsOutline(
  paths: PathView[],
  schemas: SchemaView[],
  options: ApiReferenceOutlineOptions,
): RootContent[] {
  return [
    referencePart(
      'reference',
      paths.map((path) =>
        referencePart(
          'path',
          path.operations.map((operation) => operationOutline(operation, path.family, schemas, options)),
          path.anchor,
        ),
      ),
    ),
  ];
}

function schemaOutline(schema: SchemaView, options: ApiReferenceOutlineOptions): RootContent {
  const { ui } = options;
  return referencePart(
    'schema',
    [
      anchoredHeading(3, schema.anchor, [text(schema.name)]),
      ...paragraphs(schema.description),
      ...(schema.properties.length === 0
        ? [labelled(ui.typeColumn, [code(schema.type.label)])]
        : fieldsOutline(schema.properties, options)),
    ],
    schema.anchor,
  );
}

/**
 * The reference's overview: every operation under its family, each linked to its section on the family's page and
 * keeping the anchor it had when the reference was one page (`#op-get-v1-biomarkers-public`, and on the page its
 * responses'), then the schemas and the shared response headers.
 */
export function apiOverviewOutline(view: ApiReferenceView, options: ApiReferenceOutlineOptions): RootContent[] {
  const { ui, locale } = options;
  const href = (target: { anchor: string; family?: ApiFamilyId }) => referenceHref(locale, API_REFERENCE_SLUG, target);
  const headerAnchor = (name: string) => view.headers.find((h) => h.name === name)?.anchor ?? 'response-headers';
  const operations = API_FAMILIES.flatMap(({ id }): RootContent[] => {
    const list = bulletList(
      view.paths
        .filter((path) => path.family === id)
        .flatMap((path) => path.operations)
        .map((operation) => [
          link(href({ anchor: operation.anchor, family: id }), [
            breakableCode(`${operation.method} ${operation.path}`),
          ]),
          text(`: ${operation.summary}`),
          ...(operation.responses.length === 0
            ? []
            : [
                // Each holds the anchor the response had on the one-page reference.
                onPage(
                  {
                    type: 'anchorLinks',
                    links: operation.responses.map((response) => ({
                      label: response.status,
                      id: response.anchor,
                      href: href({ anchor: response.anchor, family: id }),
                    })),
                  },
                  { class: 'api-statuses' },
                ),
              ]),
        ]),
    );
    const operationList = view.paths.filter((path) => path.family === id).flatMap((path) => path.operations);
    list.children.forEach((item, index) => onPage(item, { id: operationList[index]!.anchor }));
    return [
      // A heading and its list, no named section: a landmark "Health" would clash with the schema's.
      anchoredHeading(3, `family-${id}`, [text(ui.families[id])]),
      onPage(
        paragraph([
          link(pagePath(locale, apiFamilySlug(id)), [text(ui.familyPage.replace('{family}', ui.families[id]))]),
        ]),
        { class: 'api-family-link' },
      ),
      onPage(list, { class: 'api-operation-index' }),
    ];
  });
  return [
    referencePart('reference', [
      anchoredHeading(2, 'operations', [text(ui.operationsHeading)]),
      ...operations,
      anchoredHeading(2, 'schemas', [text(ui.schemasHeading)]),
      paragraph([text(ui.schemasLead)]),
      ...view.schemas.map((schema) => schemaOutline(schema, options)),
      anchoredHeading(2, 'response-headers', [text(ui.headersHeading)]),
      paragraph([text(ui.headersLead)]),
      ...(view.everyResponseHeaders.length === 0
        ? []
        : [
            paragraph([
              text(`${ui.everyResponseLead} `),
              ...joined(view.everyResponseHeaders.map((name) => [localLink(`#${headerAnchor(name)}`, [code(name)])])),
              text('.'),
            ]),
          ]),
      fieldList(
        view.headers.map((h) => ({
          name: h.name,
          type: fieldType(h.type, options),
          description: inline(h.description),
          id: h.anchor,
        })),
        ui,
        { page: 'list', twin: 'bullets' },
      ),
    ]),
  ];
}
