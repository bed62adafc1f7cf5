import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../../../src/lib/rate-limit/headers.ts';
import { API_ROUTE_OPERATIONS } from '../../../../src/server/routes.ts';
import { buildOpenApiDocument } from '../../../../src/lib/openapi/build-openapi-document.ts';
import { checkExchange, type Exchange } from '../../../helpers/contract/check-exchange.ts';
import { SchemaValidator } from '../../../helpers/contract/schema-validator.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';

const BASE = 'http://127.0.0.1:4321';
const document = buildOpenApiDocument({ baseUrl: BASE, catalogOriginPublicUrl: undefined }, API_ROUTE_OPERATIONS);
const validator = new SchemaValidator(document);

const RATE_LIMIT = {
  RateLimit: `"catalog";r=${CATALOG_POLICY.limit - 1};t=${CATALOG_POLICY.windowSeconds}`,
  'RateLimit-Policy': RATE_LIMIT_POLICY,
  'RateLimit-Limit': String(CATALOG_POLICY.limit),
  'RateLimit-Remaining': String(CATALOG_POLICY.limit - 1),
  'RateLimit-Reset': String(CATALOG_POLICY.windowSeconds),
  'X-Request-Id': 'q0Zr3Wx8-1a',
};

/** A catalog 200 as the site sends it, with parts replaced. */
function catalogOk(change: Partial<Exchange> = {}, headers: Record<string, string | null> = {}): Exchange {
  const all: Record<string, string | null> = {
    ...RATE_LIMIT,
    'Content-Type': 'application/json',
    ETag: '"abc"',
    'Cache-Control': 'public, max-age=60',
    Vary: 'Accept-Encoding',
    ...headers,
  };
  const present = Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null);
  return {
    method: 'GET',
    path: '/v1/biomarkers/public',
    status: 200,
    headers: new Headers(present),
    body: JSON.stringify(smallCatalog(2)),
    ...change,
  };
}

const check = (exchange: Exchange) => checkExchange(document, validator, exchange);

describe('the contract checker', () => {
  it('accepts a response the document describes', () => {
    expect(check(catalogOk())).toEqual([]);
  });

  it('fails an undocumented status, such as a fabricated 418', () => {
    const violations = check(catalogOk({ status: 418 }));
    expect(violations).toEqual([
      'GET /v1/biomarkers/public → 418: status 418 is not documented for GET /v1/biomarkers/public',
    ]);
  });

  it('fails an undocumented path', () => {
    expect(check(catalogOk({ path: '/v2/biomarkers' }))).toEqual([
      'GET /v2/biomarkers → 200: path /v2/biomarkers is not documented',
    ]);
  });

  it('fails an undocumented media type', () => {
    const [violation] = check(catalogOk({}, { 'Content-Type': 'text/html; charset=utf-8' }));
    expect(violation).toMatch(/media type "text\/html; charset=utf-8" is not documented/);
  });

  it('fails a missing required header and a header value outside its schema', () => {
    expect(check(catalogOk({}, { ETag: null }))).toEqual([
      'GET /v1/biomarkers/public → 200: required header ETag is missing',
    ]);
    const [violation] = check(catalogOk({}, { 'RateLimit-Reset': '0' }));
    expect(violation).toMatch(/header RateLimit-Reset: "0" .*must be >= 1/);
  });

  it('fails a body that does not match its schema, or does not parse', () => {
    const wrong = check(catalogOk({ body: JSON.stringify({ success: true, data: [{ id: 'seven' }] }) }));
    expect(wrong.join('\n')).toMatch(/body \/data\/0 must have required property 'uuid'/);
    expect(check(catalogOk({ body: '{"success":' })).join('\n')).toMatch(/body is not application\/json/);
  });

  it('checks the shape of strict schemas: no additional properties on a Problem', () => {
    const body = JSON.stringify({
      type: `${BASE}/developers#bad-request`,
      title: 'Bad request',
      status: 400,
      detail: 'd',
      code: 'bad_request',
      stack: 'Error: at …',
    });
    const headers = { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' };
    const violations = check(catalogOk({ status: 400, body }, { ...headers, ETag: null, Vary: null }));
    expect(violations.join('\n')).toMatch(/must NOT have additional properties.*stack/);
  });

  it('holds a method the path does not list to the path’s documented 405, and refuses anything else', () => {
    const problem = JSON.stringify({
      type: `${BASE}/developers#method-not-allowed`,
      title: 'Method not allowed',
      status: 405,
      detail: 'DELETE is not supported',
      code: 'method_not_allowed',
    });
    const headers = { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ETag: null, Vary: null };
    const deleted = catalogOk({ method: 'DELETE', status: 405, body: problem }, headers);
    expect(check(deleted)).toEqual(['DELETE /v1/biomarkers/public → 405: required header Allow is missing']);
    const allowed = catalogOk(
      { method: 'DELETE', status: 405, body: problem },
      { ...headers, Allow: 'GET, HEAD, OPTIONS' },
    );
    expect(check(allowed)).toEqual([]);
    expect(check(catalogOk({ method: 'DELETE' }))[0]).toMatch(/DELETE is not an operation of \/v1\/biomarkers\/public/);
  });

  it('accepts HEAD with the documented media type and no body, and refuses a body on HEAD or 304', () => {
    expect(check(catalogOk({ method: 'HEAD', body: '' }))).toEqual([]);
    expect(check(catalogOk({ method: 'HEAD' }))).toEqual([
      'HEAD /v1/biomarkers/public → 200: HEAD response has a body',
    ]);
    const notModified = catalogOk({ status: 304 }, { 'Content-Type': null });
    expect(check(notModified)[0]).toMatch(/a body \(no Content-Type\) is not documented/);
    expect(check({ ...notModified, body: '' })).toEqual([]);
  });
});
