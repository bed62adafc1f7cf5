import { randomBytes } from 'node:crypto';

/** Longest `X-Request-Id` accepted from a proxy. */
const REQUEST_ID_MAX_LENGTH = 128;

/** Characters a proxy's request id may use: no spaces, quotes or controls, so it is safe in a log line and a header. */
const WELL_FORMED = /^[A-Za-z0-9._:@+=/-]+$/;

/**
 * A trusted proxy's `X-Request-Id` (else any client could choose the id in our log), if one value of 1–128 safe
 * characters.
 */
export function acceptedRequestId(header: string | string[] | undefined, trustProxy: number): string | undefined {
  if (trustProxy === 0 || typeof header !== 'string') return undefined;
  if (header.length === 0 || header.length > REQUEST_ID_MAX_LENGTH || !WELL_FORMED.test(header)) return undefined;
  return header;
}

/** Ids unique across processes without a random draw per request: a random 48-bit prefix, then a counter. */
export function createRequestIdGenerator(prefix = randomBytes(6).toString('base64url')): () => string {
  let counter = 0;
  return () => `${prefix}-${(counter++).toString(36)}`;
}
