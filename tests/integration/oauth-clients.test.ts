import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { sharedInProcessSite } from '../helpers/site.ts';

const server = sharedInProcessSite();
let addressCounter = 0;

// `allowInsecureRequests` is marked deprecated on purpose, to stand out: it is needed for plain http on 127.0.0.1.

/** A `customFetch` that sends a fresh X-Forwarded-For, so each test has its own rate-limit window. */
function freshClientFetch() {
  const address = `192.0.2.${++addressCounter}`;
  return (url: string, options: oauth.CustomFetchOptions<string, unknown>) =>
    fetch(url, { ...options, headers: { ...options.headers, 'X-Forwarded-For': address } } as RequestInit);
}

/** The catalog, called with a token as a client would; the service accepts the token and ignores it. */
async function callCatalog(accessToken: string, fetchAs: ReturnType<typeof freshClientFetch>) {
  const response = await fetchAs(`${server.url}/v1/biomarkers/public`, {
    method: 'GET',
    headers: { Authorization: `Bearer ${accessToken}` },
    body: undefined,
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ success: true });
}

describe("panva's oauth4webapi", () => {
  it('discovers the server (RFC 8414), gets a client-credentials token and calls the catalog', async () => {
    const fetchAs = freshClientFetch();
    const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: fetchAs };
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }),
    );
    expect(as.token_endpoint).toBe(`${server.url}/oauth/token`);
    expect(as.token_endpoint_auth_methods_supported).toEqual(['none']);

    const catalogClient: oauth.Client = { client_id: 'oauth4webapi-test' };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      catalogClient,
      oauth.None(),
      new URLSearchParams({ scope: 'catalog.read' }),
      options,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, catalogClient, response);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'catalog.read' });
    await callCatalog(tokens.access_token, fetchAs);
  });

  it('discovers the protected resource (RFC 9728) and its authorization server', async () => {
    const fetchAs = freshClientFetch();
    const resource = new URL(server.url);
    const metadata = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, {
        [oauth.allowInsecureRequests]: true,
        [oauth.customFetch]: fetchAs,
      }),
    );
    expect(metadata.authorization_servers).toEqual([server.url]);
    expect(metadata.bearer_methods_supported).toEqual(['header']);
    expect(metadata.scopes_supported).toEqual(['catalog.read']);
  });

  it('surfaces invalid_scope as a ResponseBodyError', async () => {
    const fetchAs = freshClientFetch();
    const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: fetchAs };
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }),
    );
    const catalogClient: oauth.Client = { client_id: 'oauth4webapi-test' };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      catalogClient,
      oauth.None(),
      new URLSearchParams({ scope: 'catalog.write' }),
      options,
    );
    const failure = await oauth.processClientCredentialsResponse(as, catalogClient, response).catch((e) => e);
    expect(failure).toBeInstanceOf(oauth.ResponseBodyError);
    expect(failure).toMatchObject({ error: 'invalid_scope', status: 400 });
  });
});

describe('openid-client', () => {
  it('discovers with algorithm oauth2, gets a token with clientCredentialsGrant and calls the catalog', async () => {
    const fetchAs = freshClientFetch();
    const config = await client.discovery(new URL(server.url), 'openid-client-test', undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
      [client.customFetch]: fetchAs,
    });
    expect(config.serverMetadata().issuer).toBe(server.url);
    const tokens = await client.clientCredentialsGrant(config, { scope: 'catalog.read' });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('catalog.read');
    expect(tokens.expiresIn()).toBeGreaterThan(3590);
    await callCatalog(tokens.access_token, fetchAs);

    // The same token through the library's own protected-resource call.
    const catalog = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${server.url}/v1/biomarkers/public`),
      'GET',
    );
    expect(catalog.status).toBe(200);
    expect(await catalog.json()).toMatchObject({ success: true });
  });
});
