import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The content codings a representation is stored in, in the server's order of preference. */
export const CODINGS = ['br', 'gzip'] as const;

/** One coding of a representation: the bytes and their strong validator. */
interface EncodedBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A body serialised once and compressed once per coding, held in memory; requests only pick bytes. */
export interface Representation {
  contentType: string;
  identity: EncodedBody;
  br: EncodedBody;
  gzip: EncodedBody;
}

/**
 * Default brotli quality: 11 is slower and leaves memory in every pool arena, and panels are made while requests wait
 * (docs/performance.md).
 */
export const BROTLI_QUALITY = 9;

/** Copies bytes into a standalone `ArrayBuffer`, as `Response` bodies want them. */
const bytes = (buffer: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Serialises `text` and compresses each coding on libuv's pool, off the event loop. */
export async function createRepresentationAsync(
  text: string,
  contentType: string,
  brotliQuality = BROTLI_QUALITY,
): Promise<Representation> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  // A strong ETag must differ between codings (RFC 9110 §8.8.3): the content hash plus the coding's name.
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    contentType,
    identity: { body: bytes(identity), etag: `"${hash}"` },
    br: { body: bytes(br), etag: `"${hash}-br"` },
    gzip: { body: bytes(gz), etag: `"${hash}-gzip"` },
  };
}
