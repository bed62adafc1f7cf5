import type { ZodType } from 'zod';
import { METADATA_CACHE_CONTROL } from '../../http/response-headers.ts';
import { buildAuthorizationServerMetadata, buildProtectedResourceMetadata } from '../../oauth/discovery-metadata.ts';
import { AuthorizationServerMetadataSchema, ProtectedResourceMetadataSchema } from '../../schemas/oauth-metadata.ts';
import { schemaRef } from '../component-schemas.ts';
import type { PathItemObject } from '../openapi-types.ts';
import { headerRefs } from '../components-headers.ts';
import { parameterRef } from '../components-parameters.ts';
import { cacheControlHeader, COMMON_RESPONSES, responseHeaders, sharedResponse } from '../responses.ts';
import { getAndHead, optionsOperation } from './operations.ts';

const TAGS = ['OAuth'];

/** The two OAuth discovery documents (spec 4.2): RFC 8414 and RFC 9728 metadata. */
export function discoveryPaths(baseUrl: string): Record<string, PathItemObject> {
  // Prepared once per process, compressed, with a strong ETag per coding (issue 14).
  const ok = (description: string, schema: ZodType, example: object) => ({
    '200': {
      description,
      headers: responseHeaders({
        ...headerRefs('ETag', 'Age'),
        'Cache-Control': cacheControlHeader(METADATA_CACHE_CONTROL, 'The document changes only on deploy.'),
      }),
      content: { 'application/json': { schema: schemaRef(schema), example } },
    },
    '304': sharedResponse('NotModified'),
    ...COMMON_RESPONSES,
  });
  return {
    '/.well-known/oauth-authorization-server': {
      ...getAndHead({
        name: 'AuthorizationServerMetadata',
        summary: 'OAuth 2.0 authorization server metadata',
        description:
          'RFC 8414 metadata: `issuer` is BASE_URL exactly; the token endpoint issues client-credentials tokens ' +
          'for scope `catalog.read` to public clients (`token_endpoint_auth_methods_supported: ["none"]`). ' +
          '`response_types_supported` is empty: there is no authorization endpoint.',
        tags: TAGS,
        parameters: [parameterRef('IfNoneMatch')],
        responses: ok(
          'The metadata document.',
          AuthorizationServerMetadataSchema,
          buildAuthorizationServerMetadata(baseUrl),
        ),
      }),
      ...optionsOperation('AuthorizationServerMetadata', '/.well-known/oauth-authorization-server', TAGS),
    },
    '/.well-known/oauth-protected-resource': {
      ...getAndHead({
        name: 'ProtectedResourceMetadata',
        summary: 'OAuth 2.0 protected resource metadata',
        description:
          'RFC 9728 metadata of the catalog: `resource` is BASE_URL exactly, tokens are sent in the ' +
          '`Authorization` header, and the only scope is `catalog.read`.',
        tags: TAGS,
        parameters: [parameterRef('IfNoneMatch')],
        responses: ok(
          'The metadata document.',
          ProtectedResourceMetadataSchema,
          buildProtectedResourceMetadata(baseUrl),
        ),
      }),
      ...optionsOperation('ProtectedResourceMetadata', '/.well-known/oauth-protected-resource', TAGS),
    },
  };
}
