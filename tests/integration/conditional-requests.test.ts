import type { InjectOptions } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/log/logger.ts';
import { injectRequest } from '../../src/server/http/create-http-server.ts';
import { createTestOrigin, createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * Conditional requests, for every family of the route table that answers with a validator, in
 * one place: RFC 9110 §13.1.2 and §15.4.5. Each family's other behaviour is tested
 * in its own file; here only revalidation. A reader polling the catalog with its ETag, a browser
 * revalidating a page, a crawler revalidating `llms.txt` all meet the same rules:
 *
 * - a 200 carries a strong ETag, its own for each coding (RFC 9110 §8.8.3);
 * - `If-None-Match` with that tag, in a list, weak (`W/`), or `*` is answered 304 with no body,
 *   the same ETag, `Cache-Control`, `Vary` and `Link` as the 200, and the rate-limit headers;
 * - a tag of the same content in another coding the client still accepts (a plain copy kept,
 *   now asking for br) is a match too: the 304 carries that tag, the validator of the copy it
 *   confirms, so the client's cache freshens that copy (RFC 9111 §4.3.4);
 * - HEAD revalidates like GET; another tag gets the full 200;
 * - `If-Match` is evaluated first (RFC 9110 §13.2.2) with strong comparison (RFC 9110 §13.1.1): the
 *   current tag or `*` lets the request go on (to its 200, or its 304 when `If-None-Match` matches);
 *   another tag, or a weak one, gets a 412 Problem that costs the quota as a 304 does;
 * - `If-Unmodified-Since` is ignored where no `Last-Modified` is sent (RFC 9110 §13.1.4), which is everywhere but
 *   the changelog's feeds; there a date before it gets the 412 (the dates' other rules: the feeds' own tests).
 */
let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
}, 30_000);

/** A family of the route table, by a path of it and what its clients send. */
const FAMILIES: Array<{ name: string; url: string; accept?: string; lastModified?: true }> = [
  { name: 'the catalog', url: '/v1/biomarkers/public?template=public-light-eu' },
  { name: 'a guide page', url: '/de/webhooks', accept: 'text/html' },
  { name: 'a Markdown twin', url: '/de/webhooks.md' },
  { name: 'a page as Markdown by Accept', url: '/developers', accept: 'text/markdown' },
  { name: 'a marker page (data-driven)', url: '/biomarkers/hs-crp', accept: 'text/html' },
  { name: 'the biomarker list (data-driven)', url: '/de/biomarkers', accept: 'text/html' },
  { name: 'llms.txt', url: '/llms.txt' },
  { name: 'the sitemap', url: '/sitemap.xml' },
  { name: 'the changelog feed', url: '/changelog.xml', lastModified: true },
  { name: 'robots.txt', url: '/robots.txt' },
  { name: 'the OpenAPI document (JSON)', url: '/openapi.json' },
  { name: 'the OpenAPI document (YAML)', url: '/api/openapi.yaml' },
  { name: 'the authorization server metadata', url: '/.well-known/oauth-authorization-server' },
  { name: 'the protected resource metadata', url: '/.well-known/oauth-protected-resource' },
  { name: 'a static file', url: '/favicon.svg' },
  { name: 'a static file with codings', url: '/pagefind/pagefind-ui.js' },
];

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5). */
const REPEATED = ['etag', 'cache-control', 'vary', 'link', 'content-location'];

/** A header's value, with a data page's freshness (`max-age` counts down with the data's age) left out. */
const shape = (value: unknown) => (typeof value === 'string' ? value.replace(/max-age=\d+/, 'max-age=…') : value);

describe.each(FAMILIES)('$name ($url)', ({ url, accept, lastModified }) => {
  /** One client per family, so the rate-limit headers are its own. */
  const remoteAddress = `10.77.${FAMILIES.findIndex((f) => f.url === url)}.1`;
  const send = (headers: Record<string, string> = {}, method: InjectOptions['method'] = 'GET') =>
    site.request({
      url,
      method,
      remoteAddress,
      headers: { ...(accept === undefined ? {} : { accept }), ...headers },
    });

  it('answers its own ETag with 304: no body, the 200’s validators and caching, the rate-limit headers', async () => {
    const first = await send({ 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const condition of [etag, `"no-such-tag", ${etag}`, `W/${etag}`, '*']) {
      const again = await send({ 'accept-encoding': 'br, gzip', 'if-none-match': condition });
      expect(again.statusCode, condition).toBe(304);
      expect(again.body, condition).toBe('');
      for (const name of REPEATED)
        expect(shape(again.headers[name]), `${condition}: ${name}`).toEqual(shape(first.headers[name]));
      expect(again.headers['ratelimit-remaining'], condition).toMatch(/^\d+$/);
      expect(again.headers['ratelimit'], condition).toMatch(/^"[\w-]+";r=\d+;t=\d+$/);
      expect(again.headers['ratelimit-policy'], condition).toBeDefined();
    }
  });

  it('revalidates across codings: a plain copy’s tag gets a 304 carrying that same tag, HEAD too', async () => {
    const plain = await send({ 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    const again = await send({ 'accept-encoding': 'br, gzip', 'if-none-match': String(plain.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['etag']).toBe(plain.headers['etag']);
    const head = await send({ 'if-none-match': String(plain.headers['etag']) }, 'HEAD');
    expect(head.statusCode).toBe(304);
    expect(head.body).toBe('');
  });

  it('evaluates If-Match first and strongly: another or a weak tag gets a 412 Problem, the current one or * goes on', async () => {
    const first = await send({ 'accept-encoding': 'br, gzip' });
    const etag = String(first.headers['etag']);
    // What a 304 costs here (a request; nothing for the build's files), each 412 costs too.
    const revalidated = await send({ 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    const remaining = Number(revalidated.headers['ratelimit-remaining']);
    const cost = Number(first.headers['ratelimit-remaining']) - remaining;
    const conditions = [
      { 'if-match': '"nope"' },
      { 'if-match': '"nope"', 'if-none-match': etag },
      { 'if-match': `W/${etag}` },
    ];
    for (const [i, condition] of conditions.entries()) {
      for (const method of ['GET', 'HEAD'] as const) {
        const failed = await send({ 'accept-encoding': 'br, gzip', ...condition }, method);
        const label = `${method} ${JSON.stringify(condition)}`;
        expect(failed.statusCode, label).toBe(412);
        expect(failed.headers['content-type'], label).toBe('application/problem+json');
        expect(failed.headers['cache-control'], label).toBe('no-store');
        expect(failed.headers['etag'], label).toBeUndefined();
        if (method === 'GET') {
          expect(JSON.parse(failed.body), label).toMatchObject({ status: 412, code: 'precondition_failed' });
        } else expect(failed.body, label).toBe('');
        const sent = 2 * i + (method === 'HEAD' ? 2 : 1);
        expect(Number(failed.headers['ratelimit-remaining']), label).toBe(remaining - cost * sent);
      }
    }
    // The current tag, in a list or not, or `*`, lets the request go on.
    for (const ifMatch of [etag, `"nope", ${etag}`, '*']) {
      const through = await send({ 'accept-encoding': 'br, gzip', 'if-match': ifMatch });
      expect(through.statusCode, ifMatch).toBe(200);
      expect(through.headers['etag'], ifMatch).toBe(etag);
      const both = await send({ 'accept-encoding': 'br, gzip', 'if-match': ifMatch, 'if-none-match': etag });
      expect(both.statusCode, ifMatch).toBe(304);
    }
    // Without If-Match, If-Unmodified-Since counts where a Last-Modified gives it a date to compare.
    expect(first.headers['last-modified'] !== undefined).toBe(lastModified === true);
    const old = await send({ 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' });
    expect(old.statusCode).toBe(lastModified === true ? 412 : 200);
  });

  it('sends the full 200 for another tag', async () => {
    const fresh = await send({ 'if-none-match': '"not-this-one"' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.length).toBeGreaterThan(0);
  });
});

describe('validators', () => {
  it('gives each coding of a file its own strong ETag', async () => {
    const url = '/pagefind/pagefind-ui.js';
    const plain = await site.request({ url, headers: { 'accept-encoding': 'identity' } });
    const gzip = await site.request({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const tag = String(plain.headers['etag']);
    expect(gzip.headers['etag']).toBe(`${tag.slice(0, -1)}-gzip"`);
  });
});

describe('the catalog origin', () => {
  it('answers its own ETag with 304, no body, the same ETag and Cache-Control; another tag with the 200', async () => {
    const origin = await createTestOrigin(
      site.config,
      createLogger('info', { info: () => undefined, error: () => undefined }),
    );
    const url = '/v1/biomarkers/public?template=public-light-eu';
    const first = await injectRequest(origin.server, url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers['etag']);
    const again = await injectRequest(origin.server, { url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    const other = await injectRequest(origin.server, { url, headers: { 'if-none-match': '"not-this-one"' } });
    expect(other.statusCode).toBe(200);
  });
});
