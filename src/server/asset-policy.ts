import { extname } from 'node:path';

/**
 * Files a browser loads for a page besides the page itself (styles, scripts, fonts,
 * icons, a search index). A page view is one request of the quota (issue 15): these
 * cost none and are never refused. Documents (HTML, Markdown, JSON, text) still count.
 */
const SUBRESOURCE_EXTENSIONS = new Set([
  '.css',
  '.js',
  '.mjs',
  '.wasm',
  '.woff2',
  '.woff',
  '.svg',
  '.png',
  '.ico',
  '.webp',
  '.avif',
  '.jpg',
]);

/** Folders whose every file is a subresource: Astro's bundles and a Pagefind search index. */
const SUBRESOURCE_FOLDERS = ['/_astro/', '/pagefind/'];

/** Whether a served file of the build output costs no quota. */
export function isUncountedAsset(path: string, assets: ReadonlyMap<string, unknown>): boolean {
  if (!assets.has(path)) return false;
  return SUBRESOURCE_FOLDERS.some((folder) => path.startsWith(folder)) || SUBRESOURCE_EXTENSIONS.has(extname(path));
}

/** Astro names its bundles by content hash: a new version is a new URL, so they never go stale. */
const HASHED = 'public, max-age=31536000, immutable';

/**
 * Fresh for a day, then reused for a week while a cache revalidates it in the background
 * with `If-None-Match` (RFC 5861 §3): a 304 costs no body, and a changed icon shows within a day.
 */
const REVALIDATED = 'public, max-age=86400, stale-while-revalidate=604800';

/** The `Cache-Control` of a file of the build output. */
export const assetCacheControl = (urlPath: string): string => (urlPath.startsWith('/_astro/') ? HASHED : REVALIDATED);
