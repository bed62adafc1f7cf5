import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** The content codings a representation is stored in, in the server's order of preference. */
export const CODINGS = ['br', 'gzip'] as const;

/** One of `CODINGS`. */
export type Coding = (typeof CODINGS)[number];

/** One coding of a representation: the bytes and their strong validator. */
interface EncodedBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * A body serialised once and compressed once per coding, held in memory; requests only pick bytes. A body made for one
 * response has only the coding that response takes.
 */
export interface Representation {
  contentType: string;
  /**
   * `Last-Modified` (RFC 9110 §8.8.2) of every coding, an IMF-fixdate, where the content has a modification time of
   * its own (the changelog's feeds: their newest entry's); `If-Modified-Since` and `If-Unmodified-Since` compare it.
   */
  lastModified?: string;
  identity: EncodedBody;
  br?: EncodedBody;
  gzip?: EncodedBody;
}

/**
 * Default brotli quality: 11 is slower and leaves memory in every pool arena, and panels are made while requests wait
 * (docs/performance.md).
 */
export const BROTLI_QUALITY = 9;

/**
 * The bytes over an `ArrayBuffer` of their own, as `Response` bodies want them: a buffer that owns all of its memory
 * (every one above Node's 4 KiB pool, such as a page) is taken as it is, a slice of the pool is copied.
 */
const bytes = (buffer: Uint8Array): Uint8Array<ArrayBuffer> =>
  buffer.buffer instanceof ArrayBuffer && buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength
    ? new Uint8Array(buffer.buffer, 0, buffer.byteLength)
    : new Uint8Array(buffer);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A strong ETag must differ between codings (RFC 9110 §8.8.3): the content hash, then the coding's name. */
const contentHash = (identity: Buffer): string =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 27);

/**
 * Brotli quality and gzip level of a body made for one response: fast, as the response waits and nothing else uses
 * the bytes (docs/performance.md, "What each kind of request costs").
 */
const QUICK_BROTLI = 3;
const QUICK_GZIP = 3;

/** A body made for one response: its identity bytes and, at a fast level, only the coding that response takes. */
export function createResponseRepresentation(
  body: string | Buffer,
  contentType: string,
  coding?: Coding,
): Representation {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = contentHash(identity);
  const representation: Representation = { contentType, identity: { body: bytes(identity), etag: `"${hash}"` } };
  if (coding === 'br') {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    };
    representation.br = { body: bytes(brotliCompressSync(identity, { params })), etag: `"${hash}-br"` };
  } else if (coding === 'gzip') {
    representation.gzip = { body: bytes(gzipSync(identity, { level: QUICK_GZIP })), etag: `"${hash}-gzip"` };
  }
  return representation;
}

/**
 * Bodies compressed at once on libuv's pool, process-wide: the pool is the process's (four threads), and each body in
 * flight holds a brotli and a gzip context with their buffers, native memory outside V8's heap. Unbounded, a burst of
 * new pages started a hundred pairs in one turn and passed a 256 MiB container's limit (docs/performance.md, "Memory").
 */
const COMPRESSIONS_AT_ONCE = 2;

let compressing = 0;
const waitingToCompress: (() => void)[] = [];

/** Runs `work` once fewer than `COMPRESSIONS_AT_ONCE` bodies are being compressed. */
async function withCompressionSlot<T>(work: () => Promise<T>): Promise<T> {
  if (compressing >= COMPRESSIONS_AT_ONCE) await new Promise<void>((resolve) => waitingToCompress.push(resolve));
  else compressing += 1;
  try {
    return await work();
  } finally {
    // The slot passes to the next waiter as it is; only when nobody waits does it free up.
    const next = waitingToCompress.shift();
    if (next === undefined) compressing -= 1;
    else next();
  }
}

/** Serialises `text` and compresses each coding on libuv's pool, off the event loop, a bounded number at once. */
export async function createRepresentationAsync(
  text: string,
  contentType: string,
  brotliQuality = BROTLI_QUALITY,
): Promise<Representation> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await withCompressionSlot(() =>
    Promise.all([
      brotliAsync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]),
  );
  const hash = contentHash(identity);
  return {
    contentType,
    identity: { body: bytes(identity), etag: `"${hash}"` },
    br: { body: bytes(br), etag: `"${hash}-br"` },
    gzip: { body: bytes(gz), etag: `"${hash}-gzip"` },
  };
}
