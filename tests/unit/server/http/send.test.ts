import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import inject from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { createRepresentationAsync } from '../../../../src/lib/http/representation.ts';
import { sendRepresentation } from '../../../../src/server/http/send.ts';

const html = await createRepresentationAsync('<!doctype html><title>x</title>'.repeat(40), 'text/html; charset=utf-8');
const json = await createRepresentationAsync(JSON.stringify({ a: 'b'.repeat(2000) }), 'application/json');
/** A representation whose content has a modification time (as the changelog's feeds have). */
const LAST_MODIFIED = 'Wed, 02 Dec 2026 03:01:25 GMT';
const dated = {
  ...(await createRepresentationAsync('<feed/>'.repeat(200), 'application/atom+xml; charset=utf-8')),
  lastModified: LAST_MODIFIED,
};

/** Answers every request with the representation its path names, as a route handler does. */
const listener = (req: IncomingMessage, res: ServerResponse) => {
  const representation = req.url === '/html' ? html : req.url === '/dated' ? dated : json;
  sendRepresentation({ req, res, headers: ['X-Base', 'yes'], baseUrl: '' }, representation, {
    headers: ['Vary', 'Accept-Encoding'],
    cacheControl: 'public, max-age=300',
  });
};

/** One request injected without a socket: headers and bytes exactly as written (fetch would decode them). */
const send = async (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => {
  const res = await inject(listener, { method, url: path, headers });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
};

describe('sendRepresentation', () => {
  it('sends the coding the client prefers, with its own ETag and the base headers first', async () => {
    const gzip = await send('/json', { 'Accept-Encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['etag']).toBe(json.gzip!.etag);
    expect(gunzipSync(gzip.body).toString()).toBe(Buffer.from(json.identity.body).toString());
    expect(gzip.headers['x-base']).toBe('yes');
    expect(gzip.headers['vary']).toBe('Accept-Encoding');
    expect(gzip.headers['cache-control']).toBe('public, max-age=300');
    const br = await send('/json', { 'Accept-Encoding': 'gzip;q=0.5, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const identity = await send('/json', { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-length']).toBe(String(json.identity.body.byteLength));
  });

  it('answers a tag of an accepted coding with 304 carrying that tag, the copy it confirms (RFC 9110 §15.4.5)', async () => {
    const plain = await send('/json', { 'Accept-Encoding': 'gzip', 'If-None-Match': json.identity.etag });
    expect(plain.status).toBe(304);
    expect(plain.headers['etag']).toBe(json.identity.etag);
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.length).toBe(0);
    const both = await send('/json', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': `${json.identity.etag}, ${json.gzip!.etag}`,
    });
    expect(both.headers['etag']).toBe(json.gzip!.etag);
    const any = await send('/json', { 'Accept-Encoding': 'br', 'If-None-Match': '*' });
    expect(any.headers['etag']).toBe(json.br!.etag);
  });

  it('answers a matching weak tag, and a revalidation that also says Cache-Control: no-cache, with 304', async () => {
    const weak = await send('/json', { 'Accept-Encoding': 'gzip', 'If-None-Match': `W/${json.gzip!.etag}` });
    expect(weak.status).toBe(304);
    // A cache's rule; the origin evaluates If-None-Match whatever the request's Cache-Control says.
    const reload = await send('/json', {
      'Accept-Encoding': 'gzip',
      'Cache-Control': 'no-cache',
      'If-None-Match': json.gzip!.etag,
    });
    expect(reload.status).toBe(304);
    expect(reload.headers['etag']).toBe(json.gzip!.etag);
  });

  it('sends the full 200 for the tag of a coding the client no longer accepts', async () => {
    const res = await send('/json', { 'Accept-Encoding': 'gzip', 'If-None-Match': json.br!.etag });
    expect(res.status).toBe(200);
    expect(res.headers['etag']).toBe(json.gzip!.etag);
    const excluded = await send('/json', {
      'Accept-Encoding': 'br, identity;q=0',
      'If-None-Match': json.identity.etag,
    });
    expect(excluded.status).toBe(200);
  });

  it('holds If-Match for the tag of any coding the client accepts, strongly compared, and answers 412 otherwise', async () => {
    const plain = await send('/json', { 'Accept-Encoding': 'gzip', 'If-Match': json.identity.etag });
    expect(plain.status).toBe(200);
    expect(plain.headers['etag']).toBe(json.gzip!.etag);
    // A tag may hold a comma (RFC 9110 §8.8.3): the list is read tag by tag, not split on commas.
    const listed = await send('/json', { 'Accept-Encoding': 'gzip', 'If-Match': `"a,b", ${json.gzip!.etag}` });
    expect(listed.status).toBe(200);
    for (const ifMatch of [json.br!.etag, `W/${json.gzip!.etag}`, '"a,b"', 'nope', '']) {
      const failed = await send('/json', { 'Accept-Encoding': 'gzip', 'If-Match': ifMatch });
      expect(failed.status, ifMatch).toBe(412);
      expect(failed.headers['x-base'], ifMatch).toBe('yes');
      expect(failed.headers['vary'], ifMatch).toBeUndefined();
      expect(JSON.parse(failed.body.toString())).toMatchObject({ code: 'precondition_failed', status: 412 });
    }
  });

  it('gives HEAD the headers of GET and no body', async () => {
    const head = await send('/json', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(json.gzip!.body.byteLength));
    expect(head.body.length).toBe(0);
  });

  it('adds the strict Content-Security-Policy to HTML only', async () => {
    expect((await send('/html')).headers['content-security-policy']).toContain("default-src 'none'");
    expect((await send('/json')).headers['content-security-policy']).toBeUndefined();
  });

  it('never sends Age, however often the same bytes go out: an origin is no cache (RFC 9111 §5.1)', async () => {
    const first = await send('/json', { 'Accept-Encoding': 'identity' });
    const second = await send('/json', { 'Accept-Encoding': 'identity' });
    expect(first.headers['age']).toBeUndefined();
    expect(second.headers['age']).toBeUndefined();
  });
});

describe('sendRepresentation of a representation with a modification time', () => {
  const BEFORE = 'Wed, 02 Dec 2026 03:01:24 GMT';
  const AFTER = 'Wed, 02 Dec 2026 03:01:26 GMT';

  it('sends Last-Modified with the 200, HEAD too; a representation without one sends none', async () => {
    expect((await send('/dated')).headers['last-modified']).toBe(LAST_MODIFIED);
    expect((await send('/dated', {}, 'HEAD')).headers['last-modified']).toBe(LAST_MODIFIED);
    expect((await send('/json')).headers['last-modified']).toBeUndefined();
  });

  it('answers If-Modified-Since at or after it with 304 and the ETag the 200 would carry, before it with the 200', async () => {
    for (const since of [LAST_MODIFIED, AFTER, 'Wednesday, 02-Dec-26 03:01:25 GMT', 'Wed Dec  2 03:01:25 2026']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await send('/dated', { 'Accept-Encoding': 'gzip', 'If-Modified-Since': since }, method);
        expect(res.status, `${method} ${since}`).toBe(304);
        expect(res.headers['etag'], since).toBe(dated.gzip!.etag);
        expect(res.headers['cache-control'], since).toBe('public, max-age=300');
        expect(res.body.length, since).toBe(0);
      }
    }
    const changed = await send('/dated', { 'Accept-Encoding': 'gzip', 'If-Modified-Since': BEFORE });
    expect(changed.status).toBe(200);
    expect(changed.headers['last-modified']).toBe(LAST_MODIFIED);
  });

  it('ignores an If-Modified-Since that is no HTTP-date, and one sent where nothing has a modification time', async () => {
    for (const since of ['2026-12-03', 'yesterday', `${AFTER}, ${AFTER}`]) {
      expect((await send('/dated', { 'If-Modified-Since': since })).status, since).toBe(200);
    }
    expect((await send('/json', { 'If-Modified-Since': AFTER })).status).toBe(200);
  });

  it('lets If-None-Match decide when both are sent (RFC 9110 §13.2.2)', async () => {
    const other = await send('/dated', { 'If-None-Match': '"other"', 'If-Modified-Since': AFTER });
    expect(other.status).toBe(200);
    const same = await send('/dated', { 'If-None-Match': dated.identity.etag, 'If-Modified-Since': BEFORE });
    expect(same.status).toBe(304);
  });

  it('answers If-Unmodified-Since before it with 412, unless If-Match is sent, which decides instead', async () => {
    const failed = await send('/dated', { 'If-Unmodified-Since': BEFORE });
    expect(failed.status).toBe(412);
    expect(JSON.parse(failed.body.toString())).toMatchObject({ code: 'precondition_failed', status: 412 });
    expect((await send('/dated', { 'If-Unmodified-Since': LAST_MODIFIED })).status).toBe(200);
    expect((await send('/dated', { 'If-Unmodified-Since': 'not a date' })).status).toBe(200);
    expect((await send('/dated', { 'If-Match': '*', 'If-Unmodified-Since': BEFORE })).status).toBe(200);
    expect((await send('/json', { 'If-Unmodified-Since': BEFORE })).status).toBe(200);
  });
});
