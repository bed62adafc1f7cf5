import { request } from 'node:http';
import { RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TEMPLATES } from '../../src/lib/schemas/catalog.ts';
import { OAuthTokenErrorSchema, TokenSuccessSchema } from '../../src/lib/schemas/oauth.ts';
import { ProblemSchema } from '../../src/lib/schemas/problem.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let n = 0;
/** A fresh client address per request, so the properties never meet the rate limit. */
const nextAddress = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: '1', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await server.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a request with its target exactly as given (fetch would normalise it). */
function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: target, headers: { 'X-Forwarded-For': nextAddress(), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A 4xx body in one of the documented shapes: a Problem, or the Markdown/HTML 404 page. */
function expectDocumentedError(answer: Answer): void {
  const type = String(answer.headers['content-type'] ?? '');
  expect(answer.body).not.toMatch(/\n\s+at [\w.<>]+ \(/); // never a stack trace
  if (type === 'application/problem+json') {
    const problem = ProblemSchema.parse(JSON.parse(answer.body));
    expect(problem.status).toBe(answer.status);
  } else {
    expect(answer.status).toBe(404);
    expect(type).toMatch(/^text\/(markdown|html); charset=utf-8$/);
  }
  if (answer.status === 405) expect(answer.headers['allow']).toBeTruthy();
}

/** A trailing-slash redirect (trailingSlash: 'never') must stay on this origin. */
function expectSameOriginRedirect(answer: Answer): void {
  const location = String(answer.headers['location'] ?? '');
  expect(location).toMatch(/^\/(?![/\\])/);
}

/** Pieces a hostile or careless client puts in a URL, already valid on the request line. */
const URL_PIECES = [
  'template',
  '=',
  '&',
  '%',
  '%2',
  '%zz',
  '%E0%A4',
  '%C3%A9',
  '+',
  '%00',
  '%FF',
  '..',
  '%2e%2e',
  '%2f',
  '/',
  '?',
  ';',
  'x',
  '%20',
  ...CATALOG_TEMPLATES,
];
const urlText = fc
  .array(fc.oneof(fc.constantFrom(...URL_PIECES), fc.string({ maxLength: 8 }).map(encodeURIComponent)), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

describe('property: whatever the input, a documented answer and never a 5xx', () => {
  it('catalog query strings get 200 or a 400 bad_request Problem', async () => {
    await fc.assert(
      fc.asyncProperty(urlText, async (query) => {
        const answer = await send('GET', `/v1/biomarkers/public?${query}`);
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 200) expect(JSON.parse(answer.body)).toMatchObject({ success: true });
        else {
          expectDocumentedError(answer);
          expect(JSON.parse(answer.body).code).toBe('bad_request');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('any path and method gets a documented status and shape', async () => {
    const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE');
    const prefixes = fc.constantFrom(
      '',
      '/de',
      '/v1',
      '/v1/biomarkers',
      '/.well-known',
      '/oauth',
      '/images/categories',
      '/_astro',
    );
    await fc.assert(
      fc.asyncProperty(methods, prefixes, urlText, async (method, prefix, rest) => {
        const answer = await send(method, `${prefix}/${rest}`);
        expect(answer.status).toBeLessThan(500);
        expect([200, 204, 301, 304, 308, 400, 404, 405, 413, 415]).toContain(answer.status);
        if (answer.status === 301 || answer.status === 308) expectSameOriginRedirect(answer);
        if (answer.status >= 400 && method !== 'HEAD' && !(prefix === '/oauth' && rest === 'token'))
          expectDocumentedError(answer);
        expect(answer.headers['ratelimit-policy']).toBe(RATE_LIMIT_POLICY);
      }),
      { numRuns: 200 },
    );
  });

  it('token requests of every content type get 200 TokenSuccess or an RFC 6749 error', async () => {
    const contentTypes = fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
      'application/json',
      'application/json; charset=latin1',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/xml',
      '',
    );
    const params = fc.array(
      fc.tuple(
        fc.constantFrom('grant_type', 'scope', 'client_id', 'client_secret', 'client_assertion', 'x', ''),
        fc.oneof(
          fc.constantFrom('client_credentials', 'catalog.read', 'password', '', 'a b'),
          fc.string({ maxLength: 20 }),
        ),
      ),
      { maxLength: 6 },
    );
    const bodies = fc.oneof(
      params.map((pairs) => new URLSearchParams(pairs).toString()),
      params.map((pairs) => JSON.stringify(Object.fromEntries(pairs))),
      fc.json({ maxDepth: 2 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constant('x'.repeat(5000)),
    );
    const authorization = fc.option(fc.constantFrom('Basic Zm9vOmJhcg==', 'Bearer abc', 'junk'), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(contentTypes, bodies, authorization, async (type, body, auth) => {
        const headers: Record<string, string> = type === '' ? {} : { 'Content-Type': type };
        if (auth !== undefined) headers['Authorization'] = auth;
        const answer = await send('POST', '/oauth/token', headers, body);
        expect([200, 400, 401, 413]).toContain(answer.status);
        expect(answer.headers['cache-control']).toBe('no-store');
        const json = JSON.parse(answer.body);
        if (answer.status === 200) TokenSuccessSchema.parse(json);
        else OAuthTokenErrorSchema.parse(json);
        if (answer.status === 401) expect(answer.headers['www-authenticate']).toBeTruthy();
      }),
      { numRuns: 200 },
    );
  });

  it('the server still serves after all of it', async () => {
    expect((await send('GET', '/healthz')).status).toBe(200);
    expect((await send('GET', '/v1/biomarkers/public?template=public-light-eu')).status).toBe(200);
  });
});
