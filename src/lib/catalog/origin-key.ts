import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Header carrying the site's key on its requests to the catalog origin (no `X-` prefix,
 * RFC 6648 §3).
 */
export const ORIGIN_KEY_HEADER = 'Catalog-Origin-Key';

/**
 * A fresh random key: 32 bytes, base64url. The site makes one per process when
 * `CATALOG_ORIGIN_KEY` is unset.
 *
 * Why a key, and not an address: the origin's limiter keys clients by address, and the
 * site reaches the bundled origin from 127.0.0.1 — an address any local process shares and
 * any client can claim in `X-Forwarded-For` where proxies are trusted. Measured: 61 such
 * requests used up the site's quota and the site answered its catalog with 502. Only the
 * site knows this key, so nothing a client sends can spend the site's quota, and the key
 * stays valid without coordination because the origin runs in the same process (or, run
 * separately, shares `CATALOG_ORIGIN_KEY`). The key is never logged.
 */
export const createOriginKey = (): string => randomBytes(32).toString('base64url');

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether a request's header value is `key`. Both are hashed first, so the comparison is
 * constant-time and of equal length whatever the client sent; a repeated header never matches.
 */
export function originKeyMatches(received: string | string[] | undefined, key: string | undefined): boolean {
  if (key === undefined || typeof received !== 'string') return false;
  return timingSafeEqual(digest(received), digest(key));
}
