import { randomBytes } from 'node:crypto';

/**
 * A proxy's request id: 1–128 characters without spaces, quotes or controls, so it is safe in a log line and a header.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/** A trusted proxy's `X-Request-Id` (else any client could choose the id in our log), if one well-formed value. */
export function acceptedRequestId(header: string | string[] | undefined, trustProxy: number): string | undefined {
  if (trustProxy === 0 || typeof header !== 'string' || !REQUEST_ID_PATTERN.test(header)) return undefined;
  return header;
}

/** Ids unique across processes without a random draw per request: a random 48-bit prefix, then a counter. */
export function createRequestIdGenerator(prefix = randomBytes(6).toString('base64url')): () => string {
  let counter = 0;
  return () => `${prefix}-${(counter++).toString(36)}`;
}
