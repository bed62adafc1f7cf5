import type { ZodType } from 'zod';
import { METADATA_CACHE_CONTROL } from '../../http/response-headers.ts';
import { buildAuthorizationServerMetadata, buildProtectedResourceMetadata } from '../../oauth/discovery-metadata.ts';
import { AuthorizationServerMetadataSchema, ProtectedResourceMetadataSchema } from '../../schemas/oauth-metadata.ts';
import { AUTHORIZATION_SERVER_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../schemas/oauth.ts';
import { schemaRef } from '../component-schemas.ts';
import type { PathItemObject } from '../openapi-types.ts';
import { parameterRef } from '../components-parameters.ts';
import { preparedDocumentResponses } from '../responses.ts';
import { getAndHead, optionsOperation, type ApiOperation } from '../operations.ts';

const TAGS = ['OAuth'];

/** The two OAuth discovery documents: RFC 8414 and RFC 9728 metadata. */
function discoveryPaths(baseUrl: string): Record<string, PathItemObject> {
  const ok = (schema: ZodType, example: object) =>
    preparedDocumentResponses('The metadata document.', METADATA_CACHE_CONTROL, {
      'application/json': { schema: schemaRef(schema), example },
    });
  return {
    [AUTHORIZATION_SERVER_METADATA_PATH]: {
      ...getAndHead({
        name: 'AuthorizationServerMetadata',
        summary: 'OAuth 2.0 authorization server metadata',
        description:
          "RFC 8414 metadata: `issuer` is exactly the service's base URL (its origin, no path); the token endpoint " +
          'issues client-credentials tokens ' +
          'for scope `catalog.read` to public clients (`token_endpoint_auth_methods_supported: ["none"]`). ' +
          '`response_types_supported` is empty: there is no authorization endpoint.',
        tags: TAGS,
        parameters: [parameterRef('IfNoneMatch'), parameterRef('IfMatch')],
        responses: ok(AuthorizationServerMetadataSchema, buildAuthorizationServerMetadata(baseUrl)),
      }),
      ...optionsOperation('AuthorizationServerMetadata', AUTHORIZATION_SERVER_METADATA_PATH, TAGS),
    },
    [PROTECTED_RESOURCE_METADATA_PATH]: {
      ...getAndHead({
        name: 'ProtectedResourceMetadata',
        summary: 'OAuth 2.0 protected resource metadata',
        description:
          "RFC 9728 metadata of the catalog: `resource` is exactly the service's base URL (its origin), tokens are " +
          'sent in the ' +
          '`Authorization` header, and the only scope is `catalog.read`.',
        tags: TAGS,
        parameters: [parameterRef('IfNoneMatch'), parameterRef('IfMatch')],
        responses: ok(ProtectedResourceMetadataSchema, buildProtectedResourceMetadata(baseUrl)),
      }),
      ...optionsOperation('ProtectedResourceMetadata', PROTECTED_RESOURCE_METADATA_PATH, TAGS),
    },
  };
}

/** The authorization server metadata's operations (RFC 8414). */
export const authorizationServerMetadataOperation: ApiOperation = {
  path: AUTHORIZATION_SERVER_METADATA_PATH,
  pathItem: ({ baseUrl }) => discoveryPaths(baseUrl)[AUTHORIZATION_SERVER_METADATA_PATH]!,
  sends: [AuthorizationServerMetadataSchema],
};

/** The protected resource metadata's operations (RFC 9728). */
export const protectedResourceMetadataOperation: ApiOperation = {
  path: PROTECTED_RESOURCE_METADATA_PATH,
  pathItem: ({ baseUrl }) => discoveryPaths(baseUrl)[PROTECTED_RESOURCE_METADATA_PATH]!,
  sends: [ProtectedResourceMetadataSchema],
};
