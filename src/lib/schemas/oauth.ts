import { z } from 'zod';

/** RFC 6749 §5.2: the request is missing a parameter, repeats one, or is otherwise malformed. */
export const INVALID_REQUEST = 'invalid_request';
/** RFC 6749 §5.2: client authentication failed; here, any attempt at it (public clients only). */
export const INVALID_CLIENT = 'invalid_client';
/** RFC 6749 §5.2: the grant type is not supported by this authorization server. */
export const UNSUPPORTED_GRANT_TYPE = 'unsupported_grant_type';
/** RFC 6749 §5.2: the requested scope is invalid, unknown or malformed. */
export const INVALID_SCOPE = 'invalid_scope';

/** Every `error` the token endpoint sends (RFC 6749 §5.2). */
const OAUTH_ERROR_CODES = [INVALID_REQUEST, UNSUPPORTED_GRANT_TYPE, INVALID_SCOPE, INVALID_CLIENT] as const;

/** One of the token endpoint's error codes. */
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** Path of the token endpoint. */
export const TOKEN_ENDPOINT_PATH = '/oauth/token';
/** Where the authorization server metadata is published (RFC 8414 §3). */
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
/** Where the protected resource metadata is published (RFC 9728 §3). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The only grant type issued: there are no users, so no authorization code, implicit or OpenID Connect flows. */
export const CLIENT_CREDENTIALS = 'client_credentials';
/** The only scope, and the default when a request names none. */
export const CATALOG_READ = 'catalog.read';
/** Token type of every issued token (RFC 6750). */
export const BEARER = 'Bearer';
/** Lifetime of an access token in seconds: one hour. */
export const TOKEN_LIFETIME_S = 3600;

/**
 * `error_description` characters (RFC 6749 §5.2): printable ASCII without `"` and `\`, so it fits a quoted-string.
 * @internal
 */
export const ERROR_DESCRIPTION_PATTERN = /^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/;

/** Characters allowed in `client_id` (RFC 6749 Appendix A.1: VSCHAR), at most 255 of them. */
const CLIENT_ID_PATTERN = /^[\x20-\x7E]{1,255}$/;

/** Body of a refused token request (RFC 6749 §5.2); no additional properties. */
export const OAuthTokenErrorSchema = z
  .strictObject({
    /** Machine-readable error code. */
    error: z.enum(OAUTH_ERROR_CODES).meta({ description: 'Error code (RFC 6749 section 5.2).' }),
    /** What was wrong, in plain ASCII. */
    error_description: z
      .string()
      .regex(ERROR_DESCRIPTION_PATTERN)
      .meta({
        description: 'Human-readable ASCII text naming what was wrong with the request.',
        examples: ["grant_type 'password' is not supported; use client_credentials"],
      }),
  })
  .meta({
    id: 'OAuthTokenError',
    description: 'OAuth 2.0 error response of the token endpoint (RFC 6749 section 5.2).',
  });

/** Token request parameters, form or JSON; unknown ones are ignored (RFC 6749 §3.2) but not documented. */
export const TokenRequestSchema = z
  .strictObject({
    /** Always `client_credentials`. */
    grant_type: z.literal(CLIENT_CREDENTIALS).meta({ description: 'Must be `client_credentials`.' }),
    /** Optional; omitted or empty means `catalog.read`. */
    scope: z.literal(CATALOG_READ).optional().meta({
      description: 'Optional. Omitted or empty means `catalog.read`, the only scope; any other value is refused.',
    }),
    /** Optional identifier of a public client; not registered, not checked. */
    client_id: z.string().regex(CLIENT_ID_PATTERN).optional().meta({
      description: 'Optional public client identifier: 1 to 255 printable ASCII characters.',
    }),
  })
  .meta({
    id: 'TokenRequest',
    description: 'Client-credentials token request of a public client (no client secret).',
  });

/** A successful token response (RFC 6749 §5.1); no additional properties. */
export const TokenSuccessSchema = z
  .strictObject({
    /** Opaque bearer token. */
    access_token: z
      .string()
      .min(1)
      .meta({
        description: 'Opaque access token; clients must not parse it.',
        examples: ['<ACCESS_TOKEN>'],
      }),
    /** Always `Bearer`. */
    token_type: z.literal(BEARER).meta({ description: 'Always `Bearer`.' }),
    /** Always 3600. `type` is set because a numeric literal alone becomes `number` in JSON Schema. */
    expires_in: z
      .literal(TOKEN_LIFETIME_S)
      .meta({ type: 'integer', description: 'Lifetime of the token in seconds; always 3600.' }),
    /** Always `catalog.read`. */
    scope: z.literal(CATALOG_READ).meta({ description: 'Granted scope; always `catalog.read`.' }),
  })
  .meta({ id: 'TokenSuccess', description: 'Access token response (RFC 6749 section 5.1).' });

/** An OAuth error body. */
export type OAuthTokenError = z.infer<typeof OAuthTokenErrorSchema>;
/** A validated token request. */
export type TokenRequest = z.infer<typeof TokenRequestSchema>;
/** A token response body. */
export type TokenSuccess = z.infer<typeof TokenSuccessSchema>;
