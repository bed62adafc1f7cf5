import { REQUEST_ID_PATTERN } from '../http/request-id.ts';
import { CATALOG_POLICY, POLICY_NAME, RATE_LIMIT_POLICY } from '../rate-limit/headers.ts';
import { componentRef, type HeaderObject, type ReferenceObject } from './openapi-types.ts';

const { limit, windowSeconds } = CATALOG_POLICY;

/** An integer header value within bounds (header values are text; the schema is of the number). */
const integer = (minimum: number, maximum?: number) => ({
  type: 'integer',
  minimum,
  ...(maximum === undefined ? {} : { maximum }),
});

/** The rate-limit headers, carried by every response of every endpoint (docs/service.md). */
const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description:
      'Quota left in the current window of the `catalog` policy: `r` requests remaining (equal to ' +
      '`RateLimit-Remaining`), `t` seconds until the window resets (equal to `RateLimit-Reset`). ' +
      'IETF draft-ietf-httpapi-ratelimit-headers.',
    required: true,
    schema: { type: 'string', pattern: `^"${POLICY_NAME}";r=\\d+;t=\\d+$` },
    example: `"${POLICY_NAME}";r=${limit - 1};t=${windowSeconds}`,
  },
  'RateLimit-Policy': {
    description: `The one policy of the service: ${limit} requests per ${windowSeconds}-second window per client.`,
    required: true,
    schema: { type: 'string', const: RATE_LIMIT_POLICY },
  },
  'RateLimit-Limit': {
    description: 'Requests allowed per window.',
    required: true,
    schema: { type: 'integer', const: limit },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    required: true,
    schema: integer(0, limit),
    example: limit - 1,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window resets.',
    required: true,
    schema: integer(1, windowSeconds),
    example: windowSeconds,
  },
} satisfies Record<string, HeaderObject>;

/** The request id every response carries, beside the rate-limit headers (docs/observability.md). */
const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description:
      "Id of this request in the service's log: the trusted proxy's `X-Request-Id` when it sent a " +
      'well-formed one, otherwise generated. Quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', pattern: REQUEST_ID_PATTERN.source },
    example: 'q0Zr3Wx8-1a',
  },
} satisfies Record<string, HeaderObject>;

/** `components.headers`: each response header named more than once, described once. */
export const COMPONENT_HEADERS = {
  ...RATE_LIMIT_HEADERS,
  ...REQUEST_ID_HEADER,
  'Retry-After': {
    description: 'Seconds to wait before the next request: until the window resets (RFC 9110 section 10.2.3).',
    required: true,
    schema: integer(1, windowSeconds),
    example: 42,
  },
  ETag: {
    description:
      'Strong validator of this representation (RFC 9110 section 8.8.3); send it back in `If-None-Match` ' +
      'to get a 304 when nothing changed.',
    required: true,
    schema: { type: 'string', pattern: '^"[\\x21\\x23-\\x7E]*"$' },
    example: '"q3Xy0Z8mD1b5N2fJ7kP4sV9wA6tE1cR0"',
  },
  Allow: {
    description: 'Methods the path serves (RFC 9110 section 10.2.1).',
    required: true,
    schema: { type: 'string', pattern: '^[A-Z]+(, [A-Z]+)*$' },
    example: 'GET, HEAD, OPTIONS',
  },
  'WWW-Authenticate': {
    description:
      'Challenge in the scheme the client tried (RFC 6749 section 5.2): this endpoint serves public ' +
      'clients only, so any client authentication is refused.',
    required: true,
    schema: { type: 'string', minLength: 1 },
    example: 'Basic realm="catalog"',
  },
} satisfies Record<string, HeaderObject>;

/** Name of a component header. */
export type ComponentHeaderName = keyof typeof COMPONENT_HEADERS;

/** `$ref`s to the named component headers, keyed by header name. */
export function headerRefs(...names: ComponentHeaderName[]): Record<string, ReferenceObject> {
  return Object.fromEntries(names.map((name) => [name, componentRef('headers', name)]));
}

/** `$ref`s to the five rate-limit headers and `X-Request-Id`, which every response carries. */
export const rateLimitHeaderRefs = (): Record<string, ReferenceObject> =>
  headerRefs(...(Object.keys({ ...RATE_LIMIT_HEADERS, ...REQUEST_ID_HEADER }) as ComponentHeaderName[]));
