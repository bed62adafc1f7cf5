import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { assetCacheControl } from './asset-policy.ts';

/** One file of `dist/client`, held in memory with its validators. */
export interface StaticAsset {
  body: Buffer;
  /** gzip copy for compressible types, made once at start-up. */
  gzip: Buffer | undefined;
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
 * outside the build output, whatever `..`, encoded slash or NUL it carries.
 */
export async function loadStaticAssets(dir: string): Promise<Map<string, StaticAsset>> {
  const assets = new Map<string, StaticAsset>();
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch {
    return assets;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      continue; // a directory
    }
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    // Dotfiles are never published.
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) continue;
    const ext = extname(path).toLowerCase();
    assets.set(urlPath, {
      body,
      gzip: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body) : undefined,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: assetCacheControl(urlPath),
    });
  }
  return assets;
}
