import { randomBytes } from 'node:crypto';

/** Longest `X-Request-Id` accepted from a proxy. */
const REQUEST_ID_MAX_LENGTH = 128;

/** Characters a proxy's request id may use: no spaces, quotes or controls, so it is safe in a log line and a header. */
const WELL_FORMED = /^[A-Za-z0-9._:@+=/-]+$/;

/**
 * The `X-Request-Id` of a trusted proxy, or undefined. Accepted only behind a trusted proxy
 * (`trustProxy` > 0; otherwise any client could choose the id written in our log), and
 * only when well-formed: one value, 1 to 128 safe characters.
 */
export function acceptedRequestId(header: string | string[] | undefined, trustProxy: number): string | undefined {
  if (trustProxy === 0 || typeof header !== 'string') return undefined;
  if (header.length === 0 || header.length > REQUEST_ID_MAX_LENGTH || !WELL_FORMED.test(header)) return undefined;
  return header;
}

/**
 * Makes request ids unique across processes without a random draw per request: a random
 * 48-bit prefix per generator, then a counter (e.g. `q0Zr3Wx8-1a`).
 */
export function createRequestIdGenerator(prefix = randomBytes(6).toString('base64url')): () => string {
  let counter = 0;
  return () => `${prefix}-${(counter++).toString(36)}`;
}
