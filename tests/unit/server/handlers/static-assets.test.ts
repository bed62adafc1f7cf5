import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assetContent, gzipOf, loadStaticAssets } from '../../../../src/server/handlers/static-assets.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'pagefind', 'fragment'), { recursive: true });
  mkdirSync(join(dir, '.well-hidden'));
  writeFileSync(join(dir, '_astro', 'site.css'), `body{color:red}\n${'a{b:c}'.repeat(200)}`);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, 'pagefind', 'fragment', 'en_1.pf_fragment'), Buffer.from([1, 2, 3]));
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(dir, '.well-hidden', 'file.txt'), 'hidden');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('static assets', () => {
  it('lists every published file of the build output by URL path, never a dotfile or what a dot-directory holds', () => {
    const assets = loadStaticAssets(dir);
    expect([...assets.keys()].sort()).toEqual([
      '/_astro/site.css',
      '/favicon.svg',
      '/pagefind/fragment/en_1.pf_fragment',
    ]);
    expect(assets.get('/_astro/site.css')?.contentType).toBe('text/css; charset=utf-8');
    expect(assets.get('/pagefind/fragment/en_1.pf_fragment')?.contentType).toBe('application/octet-stream');
  });

  it('answers an empty map for a missing build output', () => {
    expect(loadStaticAssets(join(dir, 'no-such-dir')).size).toBe(0);
  });

  it("reads a file's bytes on its first request, not at start-up, and keeps them", () => {
    const assets = loadStaticAssets(dir);
    writeFileSync(join(dir, 'favicon.svg'), '<svg viewBox="0 0 1 1"/>');
    const asset = assets.get('/favicon.svg')!;
    const first = assetContent(asset);
    expect(first!.body.toString()).toBe('<svg viewBox="0 0 1 1"/>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    expect(assetContent(asset)).toBe(first);
  });

  it('reads a file that has gone since start-up as no file, not as an error', () => {
    const assets = loadStaticAssets(dir);
    rmSync(join(dir, 'favicon.svg'));
    expect(assetContent(assets.get('/favicon.svg')!)).toBeUndefined();
  });

  it('gives each file a strong validator of its bytes', () => {
    const assets = loadStaticAssets(dir);
    const css = assetContent(assets.get('/_astro/site.css')!)!;
    const svg = assetContent(assets.get('/favicon.svg')!)!;
    expect(css.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(svg.etag).not.toBe(css.etag);
    expect(assetContent(loadStaticAssets(dir).get('/_astro/site.css')!)!.etag).toBe(css.etag);
  });

  it('offers a gzip copy only of a compressible type over 512 bytes', () => {
    const assets = loadStaticAssets(dir);
    const css = assetContent(assets.get('/_astro/site.css')!)!;
    expect(css.compressible).toBe(true);
    expect(gunzipSync(gzipOf(css)).equals(css.body)).toBe(true);
    expect(assetContent(assets.get('/favicon.svg')!)!.compressible).toBe(false); // too small
    expect(assetContent(assets.get('/pagefind/fragment/en_1.pf_fragment')!)!.compressible).toBe(false);
  });
});
