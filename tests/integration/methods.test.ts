import { beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/**
 * Methods, for every family of the route table, in one place: what `Allow` says, the 405 Problem for any other method
 * (RFC 9110 §15.5.6), OPTIONS as the CORS preflight, and HEAD as GET without a body. What a preflight costs is in
 * `tests/unit/lib/http/cors.test.ts`; a family's other behaviour is tested in its own file.
 */
let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
}, 30_000);

const READ = 'GET, HEAD, OPTIONS';

/** A family of the route table, by a path of it, with the methods it allows. */
const FAMILIES: Array<{ name: string; url: string; allow: string; accept?: string }> = [
  { name: 'the catalog', url: '/v1/biomarkers/public', allow: READ },
  { name: 'the token endpoint', url: '/oauth/token', allow: 'POST, OPTIONS' },
  { name: 'a guide page', url: '/developers', allow: READ, accept: 'text/html' },
  { name: 'a German page', url: '/de', allow: READ, accept: 'text/html' },
  { name: 'a Markdown twin', url: '/developers.md', allow: READ },
  { name: 'a marker page', url: '/biomarkers/egfr', allow: READ, accept: 'text/html' },
  { name: 'llms.txt', url: '/llms.txt', allow: READ },
  { name: 'the sitemap', url: '/sitemap.xml', allow: READ },
  { name: 'robots.txt', url: '/robots.txt', allow: READ },
  { name: 'the OpenAPI document (JSON)', url: '/openapi.json', allow: READ },
  { name: 'the OpenAPI document (YAML)', url: '/api/openapi.yaml', allow: READ },
  { name: 'the authorization server metadata', url: '/.well-known/oauth-authorization-server', allow: READ },
  { name: 'the protected resource metadata', url: '/.well-known/oauth-protected-resource', allow: READ },
  { name: 'the health probe', url: '/healthz', allow: READ },
  { name: 'a static file', url: '/favicon.svg', allow: READ },
];

/** Methods a family does not allow: the ones it does not list, and TRACE (Fetch forbids it); CONNECT never reaches a handler (hostile-clients.test.ts). */
const refusedBy = (allow: string): string[] =>
  ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE'].filter((method) => !allow.split(', ').includes(method));

describe.each(FAMILIES)('$name ($url)', ({ url, allow, accept }) => {
  const refused = refusedBy(allow);

  it.each(refused)('refuses %s with 405, Allow and a Problem naming the method', async (method) => {
    // light-my-request types the common methods only; TRACE is sent like any other.
    const reply = await site.request({ url, method: method as 'GET' });
    expect(reply.statusCode).toBe(405);
    expect(reply.headers['allow']).toBe(allow);
    expect(reply.headers['content-type']).toBe('application/problem+json');
    expect(reply.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    const problem = reply.json();
    expect(problem).toMatchObject({
      code: 'method_not_allowed',
      status: 405,
      type: `${site.config.baseUrl}/developers#method-not-allowed`,
      instance: new URL(url, 'http://x').pathname,
    });
    expect(problem.detail).toContain(method);
  });

  it('answers a CORS preflight 204 with the same methods', async () => {
    const preflight = await site.request({
      url,
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': allow.split(', ')[0]! },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.body).toBe('');
    expect(preflight.headers['allow']).toBe(allow);
    expect(preflight.headers['access-control-allow-methods']).toBe(allow);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
  });

  if (allow.startsWith('GET')) {
    it('answers HEAD with the headers of GET and no body', async () => {
      const headers = accept === undefined ? {} : { accept };
      const get = await site.request({ url, headers });
      const head = await site.request({ url, method: 'HEAD', headers });
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'vary', 'link']) {
        // A data page's `max-age` counts down with the data's age: its shape is what must match.
        const shape = (value: unknown) =>
          typeof value === 'string' ? value.replace(/max-age=\d+/, 'max-age=…') : value;
        expect(shape(head.headers[name]), name).toEqual(shape(get.headers[name]));
      }
    });
  }
});
