import { z } from 'zod';

/** A list of string values, e.g. supported scopes. */
const stringList = (description: string) => z.array(z.string().min(1)).meta({ description });

/** Authorization server metadata (RFC 8414 §2); no additional properties. */
export const AuthorizationServerMetadataSchema = z
  .strictObject({
    /** The issuer identifier: the service's base URL, no trailing slash. */
    issuer: z.url().meta({ description: 'Issuer identifier: the base URL of the service (RFC 8414 section 2).' }),
    /** Where tokens are requested. */
    token_endpoint: z.url().meta({ description: 'URL of the token endpoint.' }),
    /** Required by RFC 8414; empty because there is no authorization endpoint. */
    response_types_supported: stringList(
      'Response types of the authorization endpoint. Empty: there is no authorization endpoint, only the token endpoint.',
    ),
    /** Scopes a token can carry. */
    scopes_supported: stringList('Scopes a token can carry.').optional(),
    /** Grant types the token endpoint issues. */
    grant_types_supported: stringList('Grant types the token endpoint accepts.').optional(),
    /** Client authentication methods at the token endpoint. */
    token_endpoint_auth_methods_supported: stringList(
      'Client authentication methods of the token endpoint; `none`: public clients only.',
    ).optional(),
    /** The human-readable guide to authentication. */
    service_documentation: z.url().optional().meta({ description: 'Developer guide to authentication.' }),
    /** Languages of the guide (BCP 47). */
    ui_locales_supported: stringList('Languages of the documentation (BCP 47 tags).').optional(),
  })
  .meta({
    id: 'AuthorizationServerMetadata',
    description: 'OAuth 2.0 authorization server metadata (RFC 8414).',
  });

/** Protected resource metadata (RFC 9728 §2); no additional properties. */
export const ProtectedResourceMetadataSchema = z
  .strictObject({
    /** The resource identifier: the service's base URL, no trailing slash. */
    resource: z.url().meta({ description: 'Resource identifier: the base URL of the service (RFC 9728 section 2).' }),
    /** Issuers whose tokens the resource accepts. */
    authorization_servers: z
      .array(z.url())
      .meta({ description: 'Issuer identifiers of the authorization servers for this resource.' }),
    /** How a token is sent. */
    bearer_methods_supported: stringList('Ways to send a bearer token; `header` (RFC 6750 section 2.1).').optional(),
    /** The developer guide of the API. */
    resource_documentation: z.url().optional().meta({ description: 'Developer guide of the API.' }),
    /** Scopes the resource understands. */
    scopes_supported: stringList('Scopes the resource understands.').optional(),
  })
  .meta({
    id: 'ProtectedResourceMetadata',
    description: 'OAuth 2.0 protected resource metadata (RFC 9728).',
  });

/** An authorization server metadata document. */
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;
/** A protected resource metadata document. */
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;
