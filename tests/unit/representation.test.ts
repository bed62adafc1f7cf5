import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SingleFlightCache } from '../../src/lib/cache/single-flight-cache.ts';
import { createRepresentation } from '../../src/lib/http/representation.ts';
import { representationResponse } from '../../src/lib/http/representation-response.ts';

const TEXT = `# Title\n\n${'Polling with ETags is cheap. '.repeat(40)}\n`;
const representation = createRepresentation(TEXT, 'text/markdown; charset=utf-8');
const request = (headers: Record<string, string> = {}) => new Request('https://catalog.example/x.md', { headers });
const VARY = { headers: { Vary: 'Accept, Accept-Encoding' }, cacheControl: 'public, max-age=300' };

describe('representationResponse', () => {
  it('sends the identity body with its type, length, strong ETag and the given headers', async () => {
    const response = representationResponse(representation, request(), VARY);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(await response.text()).toBe(TEXT);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(TEXT)));
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
  ] as const)('with Accept-Encoding "%s" sends %s with a tag of its own', async (accept, coding, decode) => {
    const response = representationResponse(representation, request({ 'Accept-Encoding': accept }), VARY);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(response.headers.get('etag')).toBe(`${representation.identity.etag.slice(0, -1)}-${coding}"`);
    expect(decode(Buffer.from(await response.arrayBuffer())).toString()).toBe(TEXT);
  });

  it('sends identity when every coding is refused', () => {
    const response = representationResponse(representation, request({ 'Accept-Encoding': 'br;q=0, gzip;q=0' }), VARY);
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('answers 304 without a body, keeping ETag, Vary and the other headers, when If-None-Match names the tag', async () => {
    const etag = representation.gzip.etag;
    const response = representationResponse(
      representation,
      request({ 'Accept-Encoding': 'gzip', 'If-None-Match': `"other", ${etag}` }),
      { ...VARY, headers: { ...VARY.headers, Link: '<https://catalog.example/x>; rel="canonical"' } },
    );
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(response.headers.get('link')).toContain('rel="canonical"');
  });

  it.each([
    ['identity, now asking for br', 'br', () => representation.identity.etag, () => representation.br.etag],
    ['gzip, now asking for br', 'br', () => representation.gzip.etag, () => representation.br.etag],
    ['br, now asking for identity', 'identity', () => representation.br.etag, () => representation.identity.etag],
    [
      'a weak gzip tag, now asking for gzip',
      'gzip',
      () => `W/${representation.gzip.etag}`,
      () => representation.gzip.etag,
    ],
  ])('answers 304 to a tag of the same content in another coding: %s', (_name, coding, held, sent) => {
    const response = representationResponse(
      representation,
      request({ 'Accept-Encoding': coding, 'If-None-Match': held() }),
      VARY,
    );
    expect(response.status).toBe(304);
    // RFC 9110 §15.4.5: the 304 carries the tag a 200 to this request would have carried.
    expect(response.headers.get('etag')).toBe(sent());
  });

  it('answers 200 to a tag of other content, in any coding', () => {
    for (const held of ['"other"', '"other-br"', `"x${representation.identity.etag.slice(1)}`]) {
      const response = representationResponse(
        representation,
        request({ 'Accept-Encoding': 'br', 'If-None-Match': held }),
        VARY,
      );
      expect(response.status).toBe(200);
    }
  });
});

describe('SingleFlightCache', () => {
  it('produces a value once, however many callers ask at the same time', async () => {
    const cache = new SingleFlightCache<number>();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    expect(await Promise.all([cache.get('a', produce), cache.get('a', produce), cache.get('a', produce)])).toEqual([
      42, 42, 42,
    ]);
    expect(await cache.get('a', produce)).toBe(42);
    expect(calls).toBe(1);
  });

  it('produces again for a new version and keeps only the latest one per key', async () => {
    const cache = new SingleFlightCache<string>();
    let calls = 0;
    const produce = (value: string) => async () => {
      calls += 1;
      return value;
    };
    expect(await cache.get('page', produce('v1 page'), 'v1')).toBe('v1 page');
    expect(await cache.get('page', produce('unused'), 'v1')).toBe('v1 page');
    expect(await cache.get('page', produce('v2 page'), 'v2')).toBe('v2 page');
    expect(await cache.get('page', produce('unused'), 'v2')).toBe('v2 page');
    expect(calls).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('does not let a failure of a superseded version evict the newer one', async () => {
    const cache = new SingleFlightCache<string>();
    let fail: (error: Error) => void = () => undefined;
    const old = cache.get('page', () => new Promise<string>((_resolve, reject) => (fail = reject)), 'v1');
    expect(await cache.get('page', async () => 'v2 page', 'v2')).toBe('v2 page');
    fail(new Error('render failed'));
    await expect(old).rejects.toThrow('render failed');
    expect(await cache.get('page', async () => 'rendered again', 'v2')).toBe('v2 page');
  });

  it('forgets a failure, so the next caller tries again', async () => {
    const cache = new SingleFlightCache<string>();
    await expect(cache.get('k', () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
