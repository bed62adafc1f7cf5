/**
 * The CORS policy of the site and the bundled origin, in one place (Fetch §3.2): the API is public and cookie-less, so
 * any origin may read every response, and a preflight is answered from the route's methods alone. What a preflight
 * costs is the request chain's to say (`quotaUse` in `src/server/pipeline.ts`): nothing, on a path that is served.
 */

/** Who may read a response: anyone, since no response depends on a cookie (Fetch §3.2.5). */
const ALLOWED_ORIGIN = '*';

/** Response headers a browser script may read besides the CORS-safelisted ones (Fetch §3.2.6). */
const EXPOSED_HEADERS = [
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'ETag',
  'Link',
  'WWW-Authenticate',
  'X-Request-Id',
].join(', ');

/** Request headers a cross-origin script may send: a token, a form's type, and the validators of a conditional GET. */
export const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, If-Match, If-None-Match';

/** Seconds a browser may keep a preflight answer: a day, as the methods change only on deploy. */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** CORS headers of every response, whichever layer answers (errors and refusals included). */
export const CORS_HEADERS: ReadonlyArray<[string, string]> = [
  ['Access-Control-Allow-Origin', ALLOWED_ORIGIN],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
];

/** What `isPreflight` reads of a request. */
export interface PreflightCandidate {
  method?: string | undefined;
  headers: { origin?: string | undefined; 'access-control-request-method'?: string | string[] | undefined };
}

/**
 * Whether a request is a CORS preflight (Fetch §4.8): an OPTIONS a browser sends on a script's behalf, with `Origin`
 * and `Access-Control-Request-Method`; a script's own OPTIONS lacks the second, as a browser forbids it to set it.
 */
export const isPreflight = ({ method, headers }: PreflightCandidate): boolean =>
  method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;

/**
 * The headers of the 204 to any OPTIONS on a path serving `methods`, as a flat name/value list: `Allow` (RFC 9110
 * §10.2.1) and the preflight's answer, whether or not the request is a preflight.
 */
export function optionsHeaders(methods: readonly string[]): string[] {
  const allowed = [...methods, 'OPTIONS'].join(', ');
  return [
    'Allow',
    allowed,
    'Access-Control-Allow-Methods',
    allowed,
    'Access-Control-Allow-Headers',
    ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age',
    String(PREFLIGHT_MAX_AGE_SECONDS),
  ];
}
