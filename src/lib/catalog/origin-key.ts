import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Header carrying the site's key to the catalog origin (no `X-` prefix, RFC 6648 §3). */
export const ORIGIN_KEY_HEADER = 'Catalog-Origin-Key';

/**
 * A fresh random key, made per process when `CATALOG_ORIGIN_KEY` is unset. Not an address: the site reaches the
 * origin from 127.0.0.1, which clients could claim in `X-Forwarded-For` and spend the site's quota (the catalog
 * then answered 502). Never logged.
 */
export const createOriginKey = (): string => randomBytes(32).toString('base64url');

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether a header value is `key`: hashed first, so constant-time; a repeated header never matches. */
export function originKeyMatches(received: string | string[] | undefined, key: string | undefined): boolean {
  if (key === undefined || typeof received !== 'string') return false;
  return timingSafeEqual(digest(received), digest(key));
}
