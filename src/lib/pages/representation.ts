import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings a page is stored in, in the server's order of preference. */
export const PAGE_CODINGS = ['br', 'gzip'] as const;

/** One coding of a page: the bytes and their strong validator. */
export interface EncodedBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A rendered page representation (HTML or Markdown), held in memory in every coding. */
export interface Representation {
  contentType: string;
  identity: EncodedBody;
  br: EncodedBody;
  gzip: EncodedBody;
}

/** Copies bytes into a standalone `ArrayBuffer`, as `Response` bodies want them. */
const bytes = (buffer: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);

/**
 * Renders once, compresses once: the identity, br and gzip bodies of `text`. A strong
 * ETag must differ between codings of the same content (RFC 9110 §8.8.3), so each
 * coding's tag carries its name.
 */
export function createRepresentation(text: string, contentType: string): Representation {
  const identity = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    contentType,
    identity: { body: bytes(identity), etag: `"${hash}"` },
    br: {
      body: bytes(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
      etag: `"${hash}-br"`,
    },
    gzip: { body: bytes(gzipSync(identity, { level: 9 })), etag: `"${hash}-gzip"` },
  };
}
