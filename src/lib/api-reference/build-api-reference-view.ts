import {
  HTTP_METHODS,
  type HeaderObject,
  type JsonSchema,
  type MediaTypeObject,
  type OpenApiDocument,
  type OperationObject,
  type ReferenceObject,
  type ResponseObject,
  type SecurityRequirementObject,
} from '../openapi/openapi-types.ts';
import { stringify } from 'yaml';
import { errorHeadingParts } from '../http/problem-details.ts';
import { apiFamilyOfPath, operationSampleId, type ApiFamilyId } from '../content/api-families.ts';
import type {
  ApiReferenceView,
  ExampleView,
  GuideSectionView,
  HeaderView,
  MediaView,
  OperationView,
  ParameterView,
  PathView,
  PropertyView,
  ResponseView,
  SchemaView,
  SecurityView,
} from './api-reference-view.ts';
import { literal, refName, statusReason, typeOf, valuesOf } from './api-reference-labels.ts';

export type * from './api-reference-view.ts';

// The API reference as plain data, built from the served OpenAPI document: the pages' outline
// (api-reference-outline.ts), from which their HTML, Markdown twins and contents are all printed,
// is built from this view (its types: api-reference-view.ts).

const isRef = (value: object): value is ReferenceObject => '$ref' in value && typeof value.$ref === 'string';

/** Follows a `$ref` into `#/components/<kind>/…` of the document. */
function resolve<T>(document: OpenApiDocument, value: T | ReferenceObject): T {
  if (typeof value !== 'object' || value === null || !isRef(value)) return value as T;
  const [hash, components, kind, name] = value.$ref.split('/');
  if (hash !== '#' || components !== 'components' || kind === undefined || name === undefined) {
    throw new Error(`unsupported $ref ${value.$ref}`);
  }
  const found = (document.components as unknown as Record<string, Record<string, unknown>>)[kind]?.[name];
  if (found === undefined) throw new Error(`dangling $ref ${value.$ref}`);
  return found as T;
}

/** A fragment id from text: lower case, runs of other characters as one hyphen. */
const anchorFor = (prefix: string, text: string): string =>
  `${prefix}-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** The fragment of a schema's heading on the overview, for links from types. */
export const schemaAnchor = (name: string): string => anchorFor('schema', name);
const headerAnchor = (name: string): string => anchorFor('header', name);

/**
 * Text in the page's language: the first of `keys` the translation table has, else the
 * document's English. Keys name operations by `operationId` and responses by status
 * (`op.getCatalog.304`), with the shared component as a fallback (`response.NotModified`).
 */
export type Translate = (keys: readonly string[], english: string) => string;

/** No translation: the document's own texts. */
const ENGLISH: Translate = (_keys, english) => english;

const mediaOf = (content: Record<string, { schema?: JsonSchema }> | undefined): MediaView[] =>
  Object.entries(content ?? {}).map(([mediaType, media]) => ({
    mediaType,
    ...(media.schema === undefined ? {} : { schema: typeOf(media.schema) }),
  }));

/** An example's value as the media type writes it: YAML for a YAML document, else JSON (a string as it is). */
const bodyText = (value: unknown, language: ExampleView['language']): string => {
  if (typeof value === 'string') return value;
  return language === 'yaml' ? stringify(value, { lineWidth: 0 }).trimEnd() : JSON.stringify(value, null, 2);
};

/** The examples of one media type: `example`, or each of `examples` with its summary in the page's language. */
function mediaExamples(mediaType: string, media: MediaTypeObject, t: Translate): ExampleView[] {
  const language: ExampleView['language'] = /json/.test(mediaType) ? 'json' : /yaml/.test(mediaType) ? 'yaml' : 'text';
  if (media.examples !== undefined) {
    return Object.entries(media.examples).map(([name, example]) => ({
      ...(example.summary === undefined ? {} : { summary: t([`example.${name}`], example.summary) }),
      mediaType,
      language,
      code: bodyText(example.value, language),
    }));
  }
  return media.example === undefined ? [] : [{ mediaType, language, code: bodyText(media.example, language) }];
}

/** The values of a media type's examples, whichever way it gives them. */
const exampleValues = (media: MediaTypeObject): unknown[] =>
  media.examples === undefined
    ? media.example === undefined
      ? []
      : [media.example]
    : Object.values(media.examples).map((e) => e.value);

/**
 * The guide's sections on the error codes a response's examples carry: a Problem's `code`, an
 * OAuth error's `error`. An unknown code fails the build (`errorHeadingParts`), so a link cannot dangle.
 */
function guideSectionsOf(response: ResponseObject): GuideSectionView[] {
  const codes = Object.values(response.content ?? {})
    .flatMap(exampleValues)
    .flatMap((value) => {
      if (typeof value !== 'object' || value === null) return [];
      const { code, error } = value as { code?: unknown; error?: unknown };
      const found = typeof code === 'string' ? code : error;
      return typeof found === 'string' ? [found] : [];
    });
  return [...new Set(codes)].map((code) => ({ code, anchor: errorHeadingParts(code).id }));
}

/** An operation's alternatives; the document's default when it names none. */
function securityOf(requirements: SecurityRequirementObject[]): SecurityView[] {
  if (requirements.length === 0) return [{ kind: 'anonymous' }];
  return requirements.map((requirement) => {
    const schemes = Object.entries(requirement);
    if (schemes.length === 0) return { kind: 'anonymous' };
    return { kind: 'oauth2', scopes: schemes.flatMap(([, scopes]) => scopes) };
  });
}

/** Where each shared response's examples were first shown on a page, so later ones link there. */
type FirstShown = Map<string, { anchor: string; label: string }>;

/** What every operation of one page is built with. */
interface ViewContext {
  document: OpenApiDocument;
  t: Translate;
  firstShown: FirstShown;
  /** The shared headers every response names, left out of each response's own list. */
  everyResponseHeaders: string[];
}

function operationView(path: string, method: string, operation: OperationObject, context: ViewContext): OperationView {
  const { document, t, firstShown, everyResponseHeaders } = context;
  const id = operation.operationId;
  const resolved = (operation.parameters ?? []).map((p) => resolve(document, p));
  const parameters = resolved.map((parameter): ParameterView => {
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      type: typeOf(parameter.schema),
      description: t([`param.${parameter.name}`], parameter.description),
      values: valuesOf(parameter.schema),
      ...('default' in parameter.schema ? { default: literal(parameter.schema.default) } : {}),
    };
  });
  const anchor = anchorFor('op', `${method} ${path}`);
  const responses = Object.entries(operation.responses).map(([status, r]): ResponseView => {
    const response = resolve<ResponseObject>(document, r);
    const shared = isRef(r) ? [`response.${refName(r.$ref)}`] : [];
    const examples =
      method === 'head'
        ? []
        : Object.entries(response.content ?? {}).flatMap(([type, media]) => mediaExamples(type, media, t));
    const ref = isRef(r) && examples.length > 0 ? r.$ref : undefined;
    const sameAs = ref === undefined ? undefined : firstShown.get(ref);
    if (ref !== undefined && sameAs === undefined) {
      firstShown.set(ref, { anchor: `${anchor}-${status}`, label: `${method.toUpperCase()} ${path} ${status}` });
    }
    const headers = Object.entries(response.headers ?? {}).filter(([name]) => !everyResponseHeaders.includes(name));
    // A header the response describes itself: translated as this response's, else as the shared response's.
    const headerKeys = (name: string) => [`op.${id}.${status}.${name}`, ...shared.map((key) => `${key}.${name}`)];
    return {
      status,
      reason: statusReason(status),
      anchor: `${anchor}-${status}`,
      description: t([`op.${id}.${status}`, ...shared], response.description),
      media: mediaOf(response.content),
      sharedHeaders: headers.flatMap(([name, header]) => (isRef(header) ? [{ name, anchor: headerAnchor(name) }] : [])),
      withEveryResponseHeaders: everyResponseHeaders.length > 0,
      ownHeaders: headers.flatMap(([name, header]) =>
        isRef(header) ? [] : [{ name, description: t(headerKeys(name), header.description) }],
      ),
      guideSections: guideSectionsOf(response),
      examples: sameAs === undefined ? examples : [],
      ...(sameAs === undefined ? {} : { sameAs }),
    };
  });
  const body = operation.requestBody;
  return {
    operationId: id,
    method: method.toUpperCase(),
    path,
    anchor,
    summary: t([`op.${id}.summary`], operation.summary),
    description: t([`op.${id}.description`], operation.description),
    security: securityOf(operation.security ?? document.security),
    parameters,
    ...(body === undefined
      ? {}
      : {
          requestBody: {
            ...(body.description === undefined ? {} : { description: t([`op.${id}.requestBody`], body.description) }),
            required: body.required === true,
            media: mediaOf(body.content),
            fields: bodyFields(document, body.content, t),
          },
        }),
    responses,
    // HEAD runs as its GET's sample; a preflight is the browser's to send.
    ...(method === 'head' || method === 'options' ? {} : { sample: operationSampleId(id) }),
  };
}

/**
 * `operation`, its parameters and responses left to `other`, which describes them: HEAD's are
 * its GET's without a body, and every path's preflight answers as the first one does. What the
 * description repeats of `other`'s is left out too.
 */
function describedBy(operation: OperationView, other: OperationView, family: ApiFamilyId): OperationView {
  const description = operation.description.endsWith(other.description)
    ? operation.description.slice(0, -other.description.length).trim()
    : operation.description;
  return {
    ...operation,
    description,
    parameters: [],
    responses: [],
    asFor: { anchor: other.anchor, label: `${other.method} ${other.path}`, family },
  };
}

/** The properties of the component schema `name`, descriptions in the page's language. */
function propertiesOf(name: string, schema: JsonSchema, t: Translate): PropertyView[] {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(
    ([property, definition]): PropertyView => ({
      name: property,
      type: typeOf(definition),
      required: required.has(property),
      description:
        typeof definition.description === 'string' ? t([`schema.${name}.${property}`], definition.description) : '',
      values: valuesOf(definition),
    }),
  );
}

/** The fields of a request body: the properties of its first media type's component schema. */
function bodyFields(document: OpenApiDocument, content: Record<string, MediaTypeObject>, t: Translate): PropertyView[] {
  const name = typeOf(Object.values(content)[0]?.schema).schema;
  const schema = name === undefined ? undefined : document.components.schemas[name];
  return name === undefined || schema === undefined ? [] : propertiesOf(name, schema, t);
}

function schemaView(name: string, schema: JsonSchema, t: Translate): SchemaView {
  return {
    name,
    anchor: schemaAnchor(name),
    description: typeof schema.description === 'string' ? t([`schema.${name}`], schema.description) : '',
    type: typeOf(schema),
    properties: propertiesOf(name, schema, t),
  };
}

/** The shared headers every response of every operation names, in the order the first response gives them. */
function headersOfEveryResponse(document: OpenApiDocument): string[] {
  const responses = Object.values(document.paths)
    .flatMap((item) => HTTP_METHODS.flatMap((method) => Object.values(item[method]?.responses ?? {})))
    .map((response) => resolve<ResponseObject>(document, response));
  const shared = (response: ResponseObject | undefined) =>
    Object.entries(response?.headers ?? {}).flatMap(([name, header]) => (isRef(header) ? [name] : []));
  return shared(responses[0]).filter((name) => responses.every((response) => shared(response).includes(name)));
}

/**
 * Every path and method of the document in its order, each path with the family whose page
 * shows it, with parameters, request body, responses, security and request sample; then
 * every component schema with its properties, and every shared response header. A response's
 * inline headers keep their own description. A shared response's examples are shown once per
 * family's page.
 */
export function buildApiReferenceView(document: OpenApiDocument, t: Translate = ENGLISH): ApiReferenceView {
  const everyResponseHeaders = headersOfEveryResponse(document);
  const firstShownOn = new Map<ApiFamilyId, FirstShown>();
  let firstPreflight: { operation: OperationView; family: ApiFamilyId } | undefined;
  const paths = Object.entries(document.paths).map(([path, item]): PathView => {
    const family = apiFamilyOfPath(path);
    const firstShown = firstShownOn.get(family) ?? new Map();
    firstShownOn.set(family, firstShown);
    // In the document's order (GET, HEAD, OPTIONS…), as /openapi.json lists them.
    const operations = Object.keys(item).flatMap((key) => {
      const method = HTTP_METHODS.find((m) => m === key);
      const operation = method === undefined ? undefined : item[method];
      return method === undefined || operation === undefined
        ? []
        : [operationView(path, method, operation, { document, t, firstShown, everyResponseHeaders })];
    });
    const get = operations.find((operation) => operation.method === 'GET');
    return {
      path,
      anchor: anchorFor('path', path),
      family,
      operations: operations.map((operation) => {
        if (operation.method === 'HEAD' && get !== undefined) return describedBy(operation, get, family);
        if (operation.method !== 'OPTIONS') return operation;
        firstPreflight ??= { operation, family };
        return operation === firstPreflight.operation
          ? operation
          : describedBy(operation, firstPreflight.operation, firstPreflight.family);
      }),
    };
  });
  return {
    title: document.info.title,
    version: document.info.version,
    paths,
    everyResponseHeaders,
    schemas: Object.entries(document.components.schemas).map(([name, schema]) => schemaView(name, schema, t)),
    headers: Object.entries(document.components.headers).map(([name, header]: [string, HeaderObject]): HeaderView => ({
      name,
      anchor: headerAnchor(name),
      type: typeOf(header.schema),
      description: t([`header.${name}`], header.description),
    })),
  };
}
