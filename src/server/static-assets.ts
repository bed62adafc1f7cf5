import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { assetCacheControl } from './asset-policy.ts';

/** One file of `dist/client`, held in memory with its validators. */
export interface StaticAsset {
  body: Buffer;
  /** Whether a gzip copy is offered: a compressible type over 512 bytes (see `gzipOf`). */
  compressible: boolean;
  /** The gzip copy, once made. */
  gzip?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
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
 * Loads every file under `dir` into memory, keyed by URL path. Serving from this map
 * (never from the file system by request path) means no request can reach a file
 * outside the build output, whatever `..`, encoded slash or NUL it carries. The reads are
 * synchronous: this runs once before the server listens, and some 240 files (most of them
 * the search index's) read one by one through the thread pool took about 100 ms of
 * start-up, against a few ms read in place (measured).
 */
export function loadStaticAssets(dir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return assets;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch {
      continue; // a directory
    }
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    // Dotfiles are never published.
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) continue;
    const ext = extname(path).toLowerCase();
    assets.set(urlPath, {
      body,
      compressible: COMPRESSIBLE.has(ext) && body.length > 512,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: assetCacheControl(urlPath),
    });
  }
  return assets;
}

/**
 * The gzip copy of a compressible asset, made on its first request and kept. Compressing
 * every file at start-up cost about 100 ms once the search UI (some 500 KB of scripts and
 * styles, most of them fetched only when a reader opens search) joined the build (measured).
 */
export function gzipOf(asset: StaticAsset): Buffer {
  return (asset.gzip ??= gzipSync(asset.body));
}
