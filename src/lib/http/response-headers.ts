import type { Config } from '../config/config.ts';
import { CORS_HEADERS } from './cors.ts';

/**
 * Features the site never uses, denied (Permissions Policy §5). Only names Chromium knows: it warns on others, failing
 * browser tests.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Headers on every response, whichever layer answers: CORS (`cors.ts`), nosniff, referrer and permissions policies, HSTS on https,
 * `noindex` outside production.
 */
export function baselineHeaders(config: Pick<Config, 'baseUrl' | 'deployEnv'>): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ...CORS_HEADERS,
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  // RFC 6797 §7.2: HSTS is only meaningful (and only honoured) over https.
  if (config.baseUrl.startsWith('https:')) {
    headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);
  }
  if (config.deployEnv !== 'production') headers.push(['X-Robots-Tag', 'noindex']);
  return headers;
}

/** How long caches may reuse a page or site document without asking again. */
export const PAGE_CACHE_CONTROL = 'public, max-age=300';

/** The OpenAPI document changes only on deploy; five minutes keeps clients current soon after one. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

/** The OAuth discovery documents (RFC 8414, RFC 9728) change only on deploy. */
export const METADATA_CACHE_CONTROL = 'public, max-age=3600';

/** Answers about this moment (health, tokens, problems): no cache may keep them. */
export const NO_STORE = 'no-store';
