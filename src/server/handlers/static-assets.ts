import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chooseEncoding } from '../../lib/http/conditional.ts';
import { checkPreconditions, sendAnswer, sendEmpty, type Exchange } from '../http/send.ts';

/** One file of `dist/client`, known by path at start-up; its bytes are read on its first request. */
export interface StaticAsset {
  /** The file's absolute path in the build output. */
  file: string;
  contentType: string;
  /** Whether the type is worth compressing; a gzip copy is offered only past 512 bytes too. */
  compressibleType: boolean;
  /** The bytes and validators, once read (see `assetContent`). */
  content?: StaticAssetContent;
}

/** What a file's first request reads and works out, kept for every later one. @internal */
export interface StaticAssetContent {
  body: Buffer;
  /** Whether a gzip copy is offered: a compressible type over 512 bytes (see `gzipOf`). */
  compressible: boolean;
  /** The gzip copy, once made. */
  gzip?: Buffer;
  /** The tag of the identity bytes; the gzip copy's carries a `-gzip` suffix (RFC 9110 §8.8.3). */
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.css', '.js', '.svg', '.txt', '.json', '.webmanifest']);

/**
 * Lists the build output by URL path; serving only from this map means no `..`, encoded slash or NUL reaches a file
 * outside it. Only names are read here; each file is read on its first request (docs/performance.md).
 */
export function loadStaticAssets(dir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  // One readdirSync per directory: quicker than the recursive option for the same listing.
  const walk = (directory: string, urlPrefix: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      // Dotfiles and dot-directories are never published.
      if (entry.name.startsWith('.')) continue;
      const file = join(directory, entry.name);
      const urlPath = `${urlPrefix}/${entry.name}`;
      if (entry.isDirectory()) walk(file, urlPath);
      if (!entry.isFile()) continue;
      const ext = extname(entry.name).toLowerCase();
      assets.set(urlPath, {
        file,
        compressibleType: COMPRESSIBLE.has(ext),
        contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      });
    }
  };
  walk(dir, '');
  return assets;
}

/** Errors of a file listed at start that is no longer there (a rebuild replaced the build output under the server). */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * The file's bytes and validators, read synchronously on first request: a thread-pool read of a small local file costs
 * more than it frees. Undefined when the file has gone since start-up: the request is then a 404, not a 500.
 * @internal
 */
export function assetContent(asset: StaticAsset): StaticAssetContent | undefined {
  if (asset.content !== undefined) return asset.content;
  let body: Buffer;
  try {
    body = readFileSync(asset.file);
  } catch (error) {
    if (GONE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  return (asset.content = {
    body,
    compressible: asset.compressibleType && body.length > 512,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  });
}

/**
 * The gzip copy, made on first request: most files (the search UI's) are fetched only when someone opens search.
 * @internal
 */
export function gzipOf(content: StaticAssetContent): Buffer {
  return (content.gzip ??= gzipSync(content.body));
}

/** An image opened on its own: an SVG's scripts never run, its inline styles do. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * Answers GET or HEAD for a build file from memory; the plain copy's tag revalidates a client that now accepts gzip,
 * and its 304 carries that tag (`matchingTag`); a false `If-Match` gets the 412 (`checkPreconditions`). False, with
 * nothing sent, when the file has gone since start-up.
 */
export function answerStaticAsset(exchange: Exchange, asset: StaticAsset, cacheControl: string): boolean {
  const { req, headers } = exchange;
  const content = assetContent(asset);
  if (content === undefined) return false;
  const gzip = content.compressible && chooseEncoding(req.headers['accept-encoding'], ['gzip']) === 'gzip';
  const etag = gzip ? `${content.etag.slice(0, -1)}-gzip"` : content.etag;
  const precondition = checkPreconditions(exchange, () => (gzip ? [etag, content.etag] : [etag]));
  if (precondition.status === 412) return true;
  headers.push('Content-Type', asset.contentType, 'Cache-Control', cacheControl);
  if (asset.contentType === 'image/svg+xml') headers.push('Content-Security-Policy', SVG_POLICY);
  if (content.compressible) headers.push('Vary', 'Accept-Encoding');
  if (precondition.status === 304) {
    sendEmpty(exchange, 304, ['ETag', precondition.etag]);
    return true;
  }
  headers.push('ETag', etag);
  const body = gzip ? gzipOf(content) : content.body;
  if (gzip) headers.push('Content-Encoding', 'gzip');
  sendAnswer(exchange, { status: 200, headers: [], body });
  return true;
}
