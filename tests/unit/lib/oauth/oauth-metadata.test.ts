import { describe, expect, it } from 'vitest';
import {
  buildAuthorizationServerMetadata,
  buildProtectedResourceMetadata,
} from '../../../../src/lib/oauth/discovery-metadata.ts';
import {
  AuthorizationServerMetadataSchema,
  ProtectedResourceMetadataSchema,
} from '../../../../src/lib/schemas/oauth-metadata.ts';

const BASE = 'https://api.example.com';

describe('authorization server metadata (RFC 8414)', () => {
  it('has exactly the members the service publishes, issuer equal to BASE_URL', () => {
    expect(buildAuthorizationServerMetadata(BASE)).toStrictEqual({
      issuer: 'https://api.example.com',
      token_endpoint: 'https://api.example.com/oauth/token',
      response_types_supported: [],
      scopes_supported: ['catalog.read'],
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['none'],
      service_documentation: 'https://api.example.com/auth',
      ui_locales_supported: ['en', 'de'],
    });
  });

  it('keeps a BASE_URL with a port as the issuer, unchanged', () => {
    expect(buildAuthorizationServerMetadata('http://127.0.0.1:4321')).toMatchObject({
      issuer: 'http://127.0.0.1:4321',
      token_endpoint: 'http://127.0.0.1:4321/oauth/token',
    });
  });

  it.each([
    ['an extra member', { jwks_uri: `${BASE}/jwks` }],
    ['an issuer that is not a URL', { issuer: 'catalog' }],
    ['a missing response_types_supported', { response_types_supported: undefined }],
  ])('is refused by its schema with %s', (_name, change) => {
    const document = { ...buildAuthorizationServerMetadata(BASE), ...change };
    expect(AuthorizationServerMetadataSchema.safeParse(document).success).toBe(false);
  });
});

describe('protected resource metadata (RFC 9728)', () => {
  it('has exactly the members the service publishes, resource equal to BASE_URL', () => {
    expect(buildProtectedResourceMetadata(BASE)).toStrictEqual({
      resource: 'https://api.example.com',
      authorization_servers: ['https://api.example.com'],
      bearer_methods_supported: ['header'],
      resource_documentation: 'https://api.example.com/developers',
      scopes_supported: ['catalog.read'],
    });
  });

  it('names the issuer of the authorization server metadata as its authorization server', () => {
    const { issuer } = buildAuthorizationServerMetadata(BASE);
    expect(buildProtectedResourceMetadata(BASE).authorization_servers).toEqual([issuer]);
  });

  it.each([
    ['an extra member', { jwks_uri: `${BASE}/jwks` }],
    ['an authorization server that is not a URL', { authorization_servers: ['catalog'] }],
    ['a missing resource', { resource: undefined }],
  ])('is refused by its schema with %s', (_name, change) => {
    const document = { ...buildProtectedResourceMetadata(BASE), ...change };
    expect(ProtectedResourceMetadataSchema.safeParse(document).success).toBe(false);
  });
});
