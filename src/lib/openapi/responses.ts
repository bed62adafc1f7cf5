import { methodNotAllowedDetail, PRECONDITION_FAILED_DETAIL, PROBLEM_CONTENT_TYPE } from '../http/problem-details.ts';
import { ALLOWED_REQUEST_HEADERS, PREFLIGHT_MAX_AGE_SECONDS } from '../http/cors.ts';
import { CATALOG_PATH } from '../schemas/catalog.ts';
import { ProblemSchema, type Problem } from '../schemas/problem.ts';
import { schemaRef } from './component-schemas.ts';
import { COMPONENT_HEADERS, headerRefs, rateLimitHeaderRefs, type ComponentHeaderName } from './components-headers.ts';
import { CATALOG_POLICY } from '../rate-limit/headers.ts';
import { problemExample } from './examples.ts';
import {
  componentRef,
  type ExampleObject,
  type HeaderObject,
  type MediaTypeObject,
  type ReferenceObject,
  type ResponseObject,
} from './openapi-types.ts';

/** Response headers: the rate-limit headers every response carries, plus the ones named. */
export function responseHeaders(
  extra: Record<string, HeaderObject | ReferenceObject> = {},
): Record<string, HeaderObject | ReferenceObject> {
  return { ...rateLimitHeaderRefs(), ...extra };
}

/** A header with one fixed value, such as `Cache-Control: no-store`. */
export const fixedHeader = (value: string, description: string): HeaderObject => ({
  description,
  required: true,
  schema: { type: 'string', const: value },
});

/** An RFC 9457 Problem response: `application/problem+json`, never cached. */
export function problemResponse(
  description: string,
  examples: Problem | Record<string, ExampleObject>,
  headers: ComponentHeaderName[] = [],
): ResponseObject {
  const media = 'code' in examples ? { example: examples } : { examples };
  return {
    description,
    headers: responseHeaders({
      ...headerRefs(...headers),
      'Cache-Control': fixedHeader('no-store', 'Problems are never cached.'),
    }),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: schemaRef(ProblemSchema), ...media } },
  };
}

/** Names of the shared responses in `components.responses`. */
export type SharedResponse =
  'NotModified' | 'PreconditionFailed' | 'MethodNotAllowed' | 'TooManyRequests' | 'InternalError' | 'Preflight';

/** A `$ref` to a shared response. */
export const sharedResponse = (name: SharedResponse): ReferenceObject => componentRef('responses', name);

/** `components.responses`: the answers many operations share, described once. */
export function buildSharedResponses(baseUrl: string): Record<SharedResponse, ResponseObject> {
  return {
    NotModified: {
      description:
        '`If-None-Match` names the current `ETag`: nothing changed since, no body (RFC 9110 section 15.4.5). ' +
        'Cheap polling: the rate-limit headers still count the request.',
      headers: responseHeaders({
        ...headerRefs('ETag'),
        'Cache-Control': { description: 'As on the 200 response.', required: true, schema: { type: 'string' } },
        Vary: { description: 'As on the 200 response, where it has one.', schema: { type: 'string' } },
      }),
    },
    PreconditionFailed: problemResponse(
      '`If-Match` names no current `ETag` (strong comparison): the request is not carried out (RFC 9110 section ' +
        '15.5.13). It is evaluated before `If-None-Match`, and costs the rate limit like a 304.',
      problemExample(baseUrl, 'precondition_failed', PRECONDITION_FAILED_DETAIL),
    ),
    MethodNotAllowed: problemResponse(
      'The path does not serve this method: every method the path does not list gets this answer, with ' +
        '`Allow` naming those it does (RFC 9110 section 15.5.6).',
      problemExample(baseUrl, 'method_not_allowed', methodNotAllowedDetail('DELETE', CATALOG_PATH, ['GET', 'HEAD'])),
      ['Allow'],
    ),
    TooManyRequests: problemResponse(
      `More than ${CATALOG_POLICY.limit} requests in this client's ${CATALOG_POLICY.windowSeconds}-second window. ` +
        'Wait `Retry-After` seconds.',
      problemExample(
        baseUrl,
        'rate_limited',
        `More than ${CATALOG_POLICY.limit} requests in one window from this client; retry in 42 s.`,
      ),
      ['Retry-After'],
    ),
    InternalError: problemResponse(
      'An unexpected error; it is logged on the server and the detail says nothing more.',
      problemExample(
        baseUrl,
        'internal_error',
        'The server failed to handle this request. It has been logged; please try again later.',
      ),
    ),
    Preflight: {
      description:
        'The methods this path serves, and a CORS preflight answer (Fetch standard, section 3.2.3). ' +
        'Preflights cost no rate-limit quota.',
      headers: responseHeaders({
        ...headerRefs('Allow'),
        'Access-Control-Allow-Methods': {
          ...COMPONENT_HEADERS.Allow,
          description: 'Methods a cross-origin request may use.',
        },
        'Access-Control-Allow-Headers': {
          description: 'Request headers a cross-origin request may send.',
          required: true,
          schema: { type: 'string' },
          example: ALLOWED_REQUEST_HEADERS,
        },
        'Access-Control-Max-Age': {
          description: 'Seconds a browser may cache this preflight answer.',
          required: true,
          schema: { type: 'integer', minimum: 0 },
          example: PREFLIGHT_MAX_AGE_SECONDS,
        },
      }),
    },
  };
}

/** The shared answers of every GET, HEAD and POST operation, besides its own. */
export const COMMON_RESPONSES: Record<string, ReferenceObject> = {
  '405': sharedResponse('MethodNotAllowed'),
  '429': sharedResponse('TooManyRequests'),
  '500': sharedResponse('InternalError'),
};

/**
 * The answers of a document prepared once per process, compressed, with a strong ETag per coding, so no request pays
 * for building or compressing it: 200 with `content` and a fixed `Cache-Control`, 304, 412, and the common ones.
 */
export function preparedDocumentResponses(
  description: string,
  cacheControl: string,
  content: Record<string, MediaTypeObject>,
): Record<string, ResponseObject | ReferenceObject> {
  return {
    '200': {
      description,
      headers: responseHeaders({
        ...headerRefs('ETag'),
        'Cache-Control': fixedHeader(cacheControl, 'The document changes only on deploy.'),
      }),
      content,
    },
    '304': sharedResponse('NotModified'),
    '412': sharedResponse('PreconditionFailed'),
    ...COMMON_RESPONSES,
  };
}
