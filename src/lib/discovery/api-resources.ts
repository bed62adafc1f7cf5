/** A machine-readable resource of the service that `llms.txt` lists besides the pages. */
export interface ApiResource {
  title: string;
  /** Path on `BASE_URL`, query included where one is needed. */
  path: string;
  description: string;
}

/** The API and its discovery documents (spec 4.1, 4.2), in `llms.txt` order. */
export const API_RESOURCES: readonly ApiResource[] = [
  {
    title: 'OpenAPI 3.1 description (JSON)',
    path: '/openapi.json',
    description: 'every endpoint, parameter, status, header and schema of the API',
  },
  {
    title: 'OpenAPI 3.1 description (YAML)',
    path: '/api/openapi.yaml',
    description: 'the same document as YAML',
  },
  {
    title: 'Biomarker catalog (JSON)',
    path: '/v1/biomarkers/public?template=public-complete-eu',
    description:
      'the catalog itself; `template` is one of public-complete-eu, public-light-eu, public-v2-complete-uk, public-v2-light-uk',
  },
  {
    title: 'OAuth 2.0 authorization server metadata (RFC 8414)',
    path: '/.well-known/oauth-authorization-server',
    description: 'token endpoint, grant type client_credentials, scope catalog.read',
  },
  {
    title: 'OAuth 2.0 protected resource metadata (RFC 9728)',
    path: '/.well-known/oauth-protected-resource',
    description: 'the catalog as a protected resource; a token is optional',
  },
];
