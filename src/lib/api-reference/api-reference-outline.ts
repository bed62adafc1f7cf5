import type { Paragraph, PhrasingContent, RootContent } from 'mdast';
import { API_FAMILIES, API_REFERENCE_SLUG, apiFamilySlug, type ApiFamilyId } from '../content/api-families.ts';
import type { Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, bulletList, code, strong, table, text } from '../markdown/mdast-builders.ts';
import { breakableCode, onPage, pageElement, pageOnly, twinOnly } from '../markdown/page-outline.ts';
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
 * makes them absolute and points them at `.md` twins). A field list is the one part whose two forms differ: the page
 * reads it as a description list (a phone reads it top to bottom), the twin as a table; both are built here, side by
 * side, from the same fields.
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

/** A type as code, linked to its schema's section on the overview when it names one. */
const typeName = (type: TypeView, options: ApiReferenceOutlineOptions): PhrasingContent =>
  type.schema === undefined
    ? code(type.label)
    : link(referenceHref(options.locale, options.slug, { anchor: schemaAnchor(type.schema) }), [code(type.label)]);

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

/** "required" or "optional", as a field's facts on the page say it. */
const requirement = (required: boolean, ui: ApiReferenceUiStrings): PhrasingContent =>
  text(required ? ui.required : ui.optional);

/** One entry of a field list on the page: its name, its facts after it (`·`-separated) and its description. */
interface PageField {
  name: PhrasingContent;
  facts?: PhrasingContent[][];
  description: Array<PhrasingContent | RootContent>;
  attributes?: Record<string, string>;
}

/** Fields as the page lists them: a description list, the facts in the term's `api-meta`. */
const pageFieldList = (fields: PageField[]): RootContent =>
  pageElement(
    'dl',
    fields.map((field) =>
      pageElement(
        'div',
        [
          pageElement('dt', [
            field.name,
            ...(field.facts === undefined
              ? []
              : [text(' '), pageElement('span', joined(field.facts, ' · '), { class: 'api-meta' })]),
          ]),
          pageElement('dd', field.description),
        ],
        field.attributes,
      ),
    ),
    { class: 'api-fields' },
  );

/** A field's description with its allowed values and default. */
const fieldDescription = (field: PropertyView & { default?: string }, ui: ApiReferenceUiStrings): PhrasingContent[] => [
  ...inline(field.description),
  ...runs(allowedText(field.values, field.default, ui), false),
];

/** Fields as the twin's table: name, where (for parameters), type, required, description with values and default. */
function twinFieldTable(
  fields: Array<PropertyView & { in?: string; default?: string }>,
  options: ApiReferenceOutlineOptions,
): RootContent {
  const { ui } = options;
  const located = fields.some((field) => field.in !== undefined);
  return table(
    [ui.nameColumn, ...(located ? [ui.inColumn] : []), ui.typeColumn, ui.requiredColumn, ui.descriptionColumn],
    fields.map((field) => [
      [code(field.name)],
      ...(located ? [[text(field.in ?? '')]] : []),
      [typeName(field.type, options)],
      [text(requiredLabel(field.required, ui))],
      fieldDescription(field, ui),
    ]),
  );
}

/**
 * Fields (an operation's parameters, a schema's properties): a description list on the page, each field's facts
 * after its name; a table in the twin.
 */
const fieldList = (
  fields: Array<PropertyView & { in?: string; default?: string }>,
  options: ApiReferenceOutlineOptions,
): RootContent[] => [
  pageOnly([
    pageFieldList(
      fields.map((field) => ({
        name: code(field.name),
        facts: [
          ...(field.in === undefined ? [] : [[text(field.in)]]),
          [typeName(field.type, options)],
          [requirement(field.required, options.ui)],
        ],
        description: fieldDescription(field, options.ui),
      })),
    ),
  ]),
  twinOnly([twinFieldTable(fields, options)]),
];

/**
 * A request body's fields: on the page a table of two columns (name with its facts, description), which fits a phone;
 * in the twin the table of every field list.
 */
function bodyFieldTable(fields: PropertyView[], options: ApiReferenceOutlineOptions): RootContent[] {
  const { ui } = options;
  const pageTable = table(
    [ui.nameColumn, ui.descriptionColumn],
    fields.map((field) => [
      [
        code(field.name),
        { type: 'break' },
        pageElement('span', [typeName(field.type, options), text(' · '), requirement(field.required, ui)], {
          class: 'api-meta',
        }),
      ],
      fieldDescription(field, ui),
    ]),
  );
  pageTable.data = { ...pageTable.data, scroll: true };
  return [pageOnly([onPage(pageTable, { class: 'api-field-table' })]), twinOnly([twinFieldTable(fields, options)])];
}

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
    pageElement(
      'details',
      [
        pageElement('summary', [text(options.ui.schemaFields.replace('{schema}', name))]),
        ...paragraphs(schema.description),
        pageFieldList(
          schema.properties.map((property) => ({
            name: breakableCode(property.name, '_'),
            facts: [[typeName(property.type, options)], [requirement(property.required, options.ui)]],
            description: [...fieldDescription(property, options.ui), ...nested(property.type)],
          })),
        ),
      ],
      { class: 'api-schema-fields' },
    ),
  ];
}

function examples(list: ExampleView[], ui: ApiReferenceUiStrings): RootContent[] {
  return list.flatMap((example): RootContent[] => {
    const title = `${ui.example}${example.summary === undefined ? '' : `: ${example.summary}`}`;
    return [
      onPage(
        paragraph([pageOnly([text(title)]), twinOnly([strong(title)]), text(' ('), code(example.mediaType), text(')')]),
        { class: 'api-example-title' },
      ),
      { type: 'code', lang: example.language, value: example.code },
    ];
  });
}

/** A paragraph that starts with a bold label: "**Body**: …". */
const labelled = (label: string, children: PhrasingContent[]): RootContent =>
  paragraph([strong(label), text(': '), ...children]);

/** Its own headers: a description list on the page, a bullet list in the twin. */
const ownHeaderList = (headers: ResponseView['ownHeaders']): RootContent[] => [
  pageOnly([pageFieldList(headers.map((h) => ({ name: code(h.name), description: inline(h.description) })))]),
  twinOnly([bulletList(headers.map((h) => [code(h.name), text(': '), ...inline(h.description)]))]),
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
  // Not a landmark: every operation has its "200 OK", and landmarks need unique names (html-validate
  // `unique-landmark`, axe `landmark-unique`); the h4 is its heading.
  return pageElement(
    'section',
    [
      anchoredHeading(4, response.anchor, [code(response.status), text(` ${response.reason}`)]),
      ...paragraphs(response.description),
      labelled(ui.body, response.media.length === 0 ? [text(ui.noBody)] : mediaText(response.media, options)),
      pageOnly([...bodySchemas].flatMap((name) => schemaExpander(name, schemas, options))),
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
                        pageOnly([
                          link(referenceHref(locale, slug, { anchor: 'response-headers' }), [
                            text(ui.everyResponseHeaders),
                          ]),
                        ]),
                        twinOnly([text(ui.everyResponseHeaders)]),
                      ],
                    ]
                  : []),
                ...sharedHeaders.map((h) => [link(referenceHref(locale, slug, { anchor: h.anchor }), [code(h.name)])]),
              ]),
            ),
          ]),
      ...(ownHeaders.length === 0 ? [] : ownHeaderList(ownHeaders)),
      ...(response.sameAs === undefined ? [] : [asFor(ui.exampleAsFor, response.sameAs, options, family)]),
      ...examples(response.examples, ui),
    ],
    { class: 'api-response' },
  );
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
      anchoredHeading(2, operation.anchor, [
        pageOnly([
          pageElement('span', [text(operation.method)], { class: 'api-method' }),
          breakableCode(operation.path),
        ]),
        twinOnly([code(`${operation.method} ${operation.path}`)]),
      ]),
      { class: 'api-operation-title' },
    ),
    paragraph([strong(operation.summary)]),
    ...statusSummary(operation, family, options),
    ...paragraphs(operation.description),
    labelled(ui.security, runs(securityText(operation.security, ui), false)),
  ];
  if (operation.parameters.length > 0) out.push(heading(3, ui.parameters), ...fieldList(operation.parameters, options));
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
  return pageElement('section', out, { class: 'api-operation', 'aria-labelledby': operation.anchor });
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
    pageElement(
      'div',
      paths.map((path) =>
        pageElement(
          'div',
          path.operations.map((operation) => operationOutline(operation, path.family, schemas, options)),
          { class: 'api-path', id: path.anchor },
        ),
      ),
      { class: 'api-reference' },
    ),
  ];
}

function schemaOutline(schema: SchemaView, options: ApiReferenceOutlineOptions): RootContent {
  const { ui } = options;
  return pageElement(
    'section',
    [
      anchoredHeading(3, schema.anchor, [text(schema.name)]),
      ...paragraphs(schema.description),
      ...(schema.properties.length === 0
        ? [labelled(ui.typeColumn, [code(schema.type.label)])]
        : fieldList(schema.properties, options)),
    ],
    { class: 'api-schema', 'aria-labelledby': schema.anchor },
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
                pageOnly([
                  pageElement(
                    'span',
                    // An element, not a link node: the anchor the response had on the one-page reference comes first.
                    operation.responses.map((response) =>
                      pageElement('a', [code(response.status)], {
                        id: response.anchor,
                        href: href({ anchor: response.anchor, family: id }),
                      }),
                    ),
                    { class: 'api-statuses' },
                  ),
                ]),
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
    pageElement(
      'div',
      [
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
                ...joined(
                  view.everyResponseHeaders.map((name) => [
                    pageOnly([link(`#${headerAnchor(name)}`, [code(name)])]),
                    twinOnly([code(name)]),
                  ]),
                ),
                text('.'),
              ]),
            ]),
        pageOnly([
          pageFieldList(
            view.headers.map((h) => ({
              name: code(h.name),
              facts: [[typeName(h.type, options)]],
              description: inline(h.description),
              attributes: { id: h.anchor },
            })),
          ),
        ]),
        twinOnly([
          bulletList(view.headers.map((h) => [code(h.name), text(` (${h.type.label}): `), ...inline(h.description)])),
        ]),
      ],
      { class: 'api-reference' },
    ),
  ];
}
