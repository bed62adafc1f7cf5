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

/** CORS headers of every response: the API is public and cookie-less, so any origin may read it. */
export const CORS_HEADERS: ReadonlyArray<[string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
];

/** Extra headers of a CORS preflight answer for a route serving `methods`. */
export function preflightHeaders(methods: readonly string[]): Array<[string, string]> {
  return [
    ['Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', ')],
    ['Access-Control-Allow-Headers', 'Authorization, Content-Type, If-None-Match'],
    ['Access-Control-Max-Age', '86400'],
  ];
}
