import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import {
  AuthorizationServerMetadataSchema,
  ProtectedResourceMetadataSchema,
} from '../../src/lib/schemas/oauth-metadata.ts';
import { OAuthTokenErrorSchema, TokenSuccessSchema } from '../../src/lib/schemas/oauth.ts';
import { sharedInProcessSite } from '../helpers/site.ts';

const server = sharedInProcessSite();
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => server.client();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const post = (body: string, headers: Record<string, string> = FORM) =>
  client()(`${server.url}/oauth/token`, { method: 'POST', headers, body });

describe('POST /oauth/token over HTTP', () => {
  it('issues a Bearer token for catalog.read, uncached, with CORS and rate-limit headers', async () => {
    const response = await post('grant_type=client_credentials&scope=catalog.read');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
    expect(TokenSuccessSchema.parse(await response.json())).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  });

  it('accepts a JSON body', async () => {
    const response = await post('{"grant_type":"client_credentials"}', { 'Content-Type': 'application/json' });
    expect(response.status).toBe(200);
  });

  it.each([
    ['an unsupported grant', 'grant_type=password', FORM, 400, 'unsupported_grant_type'],
    ['an extra scope', 'grant_type=client_credentials&scope=catalog.read+extra', FORM, 400, 'invalid_scope'],
    [
      'a repeated parameter',
      'grant_type=client_credentials&grant_type=client_credentials',
      FORM,
      400,
      'invalid_request',
    ],
    [
      'an unsupported content type',
      'grant_type=client_credentials',
      { 'Content-Type': 'text/plain' },
      400,
      'invalid_request',
    ],
    ['a client secret', 'grant_type=client_credentials&client_secret=s', FORM, 400, 'invalid_client'],
  ])('refuses %s with an OAuth error', async (_name, body, headers, status, error) => {
    const response = await post(body, headers);
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(OAuthTokenErrorSchema.parse(await response.json()).error).toBe(error);
  });

  it('answers Basic client authentication with 401 and WWW-Authenticate', async () => {
    const response = await post('grant_type=client_credentials', { ...FORM, Authorization: 'Basic YTpi' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="catalog"');
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('is rate limited like everything else: the first request past the quota gets a 429 Problem', async () => {
    const send = client();
    let last: Response | undefined;
    for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) {
      last = await send(`${server.url}/oauth/token`, { method: 'POST', headers: FORM, body: 'grant_type=x' });
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get('content-type')).toBe('application/problem+json');
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await last?.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('discovery documents', () => {
  it.each([
    ['/.well-known/oauth-authorization-server', AuthorizationServerMetadataSchema, 'issuer'],
    ['/.well-known/oauth-protected-resource', ProtectedResourceMetadataSchema, 'resource'],
  ] as const)('serves %s as JSON, cacheable, with CORS, naming BASE_URL exactly', async (path, schema, member) => {
    const response = await client()(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const document: Record<string, unknown> = schema.parse(await response.json());
    expect(document[member]).toBe(server.url);
  });
});
