import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createResponseRepresentation } from '../../../../src/lib/http/representation.ts';

/** A page-sized body, as a filtered view of the biomarker list is (about 170 KB). */
const page = Buffer.from('<li class="card">ferritin · iron stores</li>\n'.repeat(4000));

describe('a body made for one response', () => {
  it('holds its identity bytes and only the coding that response takes, each with its own strong tag', () => {
    const br = createResponseRepresentation(page, 'text/html; charset=utf-8', 'br');
    expect(Buffer.from(br.identity.body).equals(page)).toBe(true);
    expect(br.gzip).toBeUndefined();
    expect(brotliDecompressSync(br.br!.body).equals(page)).toBe(true);
    expect(br.br!.etag).toBe(br.identity.etag.replace(/"$/, '-br"'));

    const gzip = createResponseRepresentation(page, 'text/html; charset=utf-8', 'gzip');
    expect(gzip.br).toBeUndefined();
    expect(gunzipSync(gzip.gzip!.body).equals(page)).toBe(true);
    expect(gzip.gzip!.etag).toBe(`${gzip.identity.etag.slice(0, -1)}-gzip"`);
    expect(gzip.identity.etag).toBe(br.identity.etag);
  });

  it("keeps its own copy of a short body, which shares Node's buffer pool with later allocations", () => {
    const short = Buffer.from('<p>ok</p>');
    expect(short.buffer.byteLength).toBeGreaterThan(short.length);
    const representation = createResponseRepresentation(short, 'text/html');
    short.fill(0);
    expect(Buffer.from(representation.identity.body).toString()).toBe('<p>ok</p>');
    expect(representation.identity.body.buffer.byteLength).toBe(short.length);
  });
});
