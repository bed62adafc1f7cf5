import type { Config } from '../config/config.ts';
import { CORS_HEADERS } from './cors.ts';

/**
 * Powerful features the site never uses, denied to it and to anything it could embed
 * (W3C Permissions Policy §5; `()` is the empty allowlist). Only names Chromium knows:
 * it warns on the console about any other, and the browser tests fail on warnings.
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
 * Headers every response of the site carries, whichever layer answers it (static file,
 * page, API, error, or a request the parser refused): CORS, nosniff, a referrer policy,
 * a permissions policy, HSTS on https origins, and `noindex` outside production.
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
