import { describe, expect, it } from 'vitest';
import { assetCacheControl, isUncountedAsset } from '../../src/server/asset-policy.ts';

const assets = new Map(
  [
    '/_astro/site.D83w_JXW.css',
    '/_astro/client.B1x.js',
    '/images/categories/lipids.svg',
    '/favicon.svg',
    '/fonts/inter.woff2',
    '/pagefind/pagefind-entry.json',
    '/pagefind/fragment/en_1a2b.pf_fragment',
    '/developers/index.html',
    '/notes.txt',
  ].map((path) => [path, {}]),
);

describe('asset policy', () => {
  it.each([
    '/_astro/site.D83w_JXW.css',
    '/_astro/client.B1x.js',
    '/images/categories/lipids.svg',
    '/favicon.svg',
    '/fonts/inter.woff2',
    '/pagefind/pagefind-entry.json',
    '/pagefind/fragment/en_1a2b.pf_fragment',
  ])('%s costs no quota', (path) => {
    expect(isUncountedAsset(path, assets)).toBe(true);
  });

  it.each(['/developers/index.html', '/notes.txt', '/_astro/missing.css', '/images/categories/nope.svg', '/'])(
    '%s counts (a document, or no such file)',
    (path) => {
      expect(isUncountedAsset(path, assets)).toBe(false);
    },
  );

  it('marks hashed bundles immutable and lets caches revalidate everything else', () => {
    expect(assetCacheControl('/_astro/site.D83w_JXW.css')).toBe('public, max-age=31536000, immutable');
    expect(assetCacheControl('/favicon.svg')).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });
});
