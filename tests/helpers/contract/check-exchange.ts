import { parse as parseYaml } from 'yaml';
import {
  HTTP_METHODS,
  type HeaderObject,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type PathItemObject,
  type ReferenceObject,
  type ResponseObject,
} from '../../../src/lib/openapi/openapi-types.ts';
import type { SchemaValidator } from './schema-validator.ts';

/** One request and its response, as the client saw them; the path is relative to the document's server. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  /** The body as text (decoded from any content coding). */
  body: string;
}

/** Statuses any path answers to a method it does not list: the limiter refuses first, then the 405 guard. */
const UNLISTED_METHOD_STATUSES = ['405', '429'];

/** Resolves a `#/components/…` reference of `document`, or returns the object itself. */
function resolve<T>(document: OpenApiDocument, node: T | ReferenceObject): T {
  if (typeof node !== 'object' || node === null || !('$ref' in node)) return node;
  const target = node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], document);
  if (target === undefined) throw new Error(`unresolved ${node.$ref}`);
  return target as T;
}

/** The documented response for an exchange, or why there is none. */
function documentedResponse(
  document: OpenApiDocument,
  item: PathItemObject,
  exchange: Exchange,
): ResponseObject | string {
  const method = exchange.method.toLowerCase() as HttpMethod;
  const status = String(exchange.status);
  const operation = HTTP_METHODS.includes(method) ? item[method] : undefined;
  if (operation !== undefined) {
    const response = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
    if (response === undefined) return `status ${status} is not documented for ${exchange.method} ${exchange.path}`;
    return resolve(document, response);
  }
  // A method the path does not list is answered as the path's own 405 (or 429) response documents.
  const listed = HTTP_METHODS.filter((name) => item[name] !== undefined);
  const response = listed.map((name) => item[name]!.responses[status]).find((found) => found !== undefined);
  if (!UNLISTED_METHOD_STATUSES.includes(status) || response === undefined) {
    return `${exchange.method} is not an operation of ${exchange.path} and status ${status} is not its documented 405/429`;
  }
  return resolve(document, response);
}

/** A header value as its schema's type: header fields are text, integer schemas describe the number. */
function typedHeaderValue(schema: JsonSchema, value: string): unknown {
  const numeric = schema['type'] === 'integer' || schema['type'] === 'number';
  return numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

function checkHeaders(
  document: OpenApiDocument,
  response: ResponseObject,
  exchange: Exchange,
  validator: SchemaValidator,
) {
  const problems: string[] = [];
  for (const [name, node] of Object.entries(response.headers ?? {})) {
    if (name.toLowerCase() === 'content-type') continue; // OAS 3.1 §4.8.17.1: ignored when documented
    const header = resolve<HeaderObject>(document, node);
    const value = exchange.headers.get(name);
    if (value === null) {
      if (header.required === true) problems.push(`required header ${name} is missing`);
      continue;
    }
    for (const error of validator.validate(header.schema, typedHeaderValue(header.schema, value))) {
      problems.push(`header ${name}: ${JSON.stringify(value)} ${error}`);
    }
  }
  return problems;
}

/** The body as the value its media type encodes, or why it does not parse. */
function parseBody(mediaType: string, body: string): { value: unknown } | { error: string } {
  try {
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) return { value: JSON.parse(body) };
    if (mediaType === 'application/yaml') return { value: parseYaml(body) };
    return { value: body };
  } catch (error) {
    return { error: `body is not ${mediaType}: ${(error as Error).message}` };
  }
}

function checkContent(response: ResponseObject, exchange: Exchange, validator: SchemaValidator): string[] {
  const contentType = exchange.headers.get('content-type');
  const hasBody = exchange.body.length > 0;
  if (response.content === undefined) {
    return hasBody || contentType !== null ? [`a body (${contentType ?? 'no Content-Type'}) is not documented`] : [];
  }
  const mediaType = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const media = response.content[mediaType];
  if (media === undefined) {
    return [
      `media type ${JSON.stringify(contentType)} is not documented (${Object.keys(response.content).join(', ')})`,
    ];
  }
  if (exchange.method === 'HEAD') return hasBody ? ['HEAD response has a body'] : [];
  if (media.schema === undefined) return [];
  const parsed = parseBody(mediaType, exchange.body);
  if ('error' in parsed) return [parsed.error];
  return validator.validate(media.schema, parsed.value).map((error) => `body ${error}`);
}

/**
 * Checks one exchange against the document: the path and status are documented for the method,
 * every required documented header is present and every documented header valid, the media
 * type is documented, and the body matches its schema. Returns the violations; empty when none.
 */
export function checkExchange(document: OpenApiDocument, validator: SchemaValidator, exchange: Exchange): string[] {
  const item = document.paths[exchange.path];
  const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
  if (item === undefined) return [`${where}: path ${exchange.path} is not documented`];
  const response = documentedResponse(document, item, exchange);
  if (typeof response === 'string') return [`${where}: ${response}`];
  return [...checkHeaders(document, response, exchange, validator), ...checkContent(response, exchange, validator)].map(
    (problem) => `${where}: ${problem}`,
  );
}
