import {
  AuthorizationServerMetadataSchema,
  ProtectedResourceMetadataSchema,
  type AuthorizationServerMetadata,
  type ProtectedResourceMetadata,
} from '../schemas/oauth-metadata.ts';
import { CATALOG_READ, CLIENT_CREDENTIALS, TOKEN_ENDPOINT_PATH } from '../schemas/oauth.ts';
import { LOCALES } from '../content/locales.ts';

/**
 * RFC 8414 §2 metadata: `issuer` is BASE_URL exactly; `response_types_supported` empty, as there is no authorization
 * endpoint.
 */
export function buildAuthorizationServerMetadata(baseUrl: string): AuthorizationServerMetadata {
  return AuthorizationServerMetadataSchema.parse({
    issuer: baseUrl,
    token_endpoint: `${baseUrl}${TOKEN_ENDPOINT_PATH}`,
    response_types_supported: [],
    scopes_supported: [CATALOG_READ],
    grant_types_supported: [CLIENT_CREDENTIALS],
    token_endpoint_auth_methods_supported: ['none'],
    service_documentation: `${baseUrl}/auth`,
    ui_locales_supported: [...LOCALES],
  });
}

/** RFC 9728 §2 metadata of the catalog: `resource` is BASE_URL exactly, as clients derive the URL from it (§3.3). */
export function buildProtectedResourceMetadata(baseUrl: string): ProtectedResourceMetadata {
  return ProtectedResourceMetadataSchema.parse({
    resource: baseUrl,
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    resource_documentation: `${baseUrl}/developers`,
    scopes_supported: [CATALOG_READ],
  });
}
