import { TOKEN_ENDPOINT_PATH } from '../../schemas/oauth.ts';
import { NO_STORE_HEADERS } from '../../oauth/token-answer.ts';
import { TOKEN_BODY_LIMIT } from '../../oauth/token-request.ts';
import { OAuthTokenErrorSchema, TokenRequestSchema, TokenSuccessSchema } from '../../schemas/oauth.ts';
import { schemaRef } from '../component-schemas.ts';
import { headerRefs } from '../components-headers.ts';
import {
  TOKEN_ERROR_EXAMPLES,
  TOKEN_SUCCESS_EXAMPLE,
  TOKEN_TOO_LARGE_EXAMPLE,
  TOKEN_UNAUTHORIZED_EXAMPLE,
} from '../examples.ts';
import type { HeaderObject, MediaTypeObject, PathItemObject, ResponseObject } from '../openapi-types.ts';
import { COMMON_RESPONSES, fixedHeader, responseHeaders } from '../responses.ts';
import { optionsOperation, type ApiOperation } from '../operations.ts';

const TAGS = ['OAuth'];

/** RFC 6749 section 5.1: every answer of the endpoint, success or error, is uncacheable. */
const NO_STORE: Record<string, HeaderObject> = Object.fromEntries(
  Object.entries(NO_STORE_HEADERS).map(([name, value]) => [
    name,
    fixedHeader(value, 'Token responses are never cached (RFC 6749 section 5.1).'),
  ]),
);

const json = (media: MediaTypeObject): Record<string, MediaTypeObject> => ({ 'application/json': media });

/** An RFC 6749 section 5.2 error answer. */
const oauthError = (description: string, media: Omit<MediaTypeObject, 'schema'>, extra = {}): ResponseObject => ({
  description,
  headers: responseHeaders({ ...NO_STORE, ...extra }),
  content: json({ schema: schemaRef(OAuthTokenErrorSchema), ...media }),
});

/** `/oauth/token`: POST and OPTIONS (RFC 6749 section 4.4). */
function tokenPath(): PathItemObject {
  const body = {
    schema: schemaRef(TokenRequestSchema),
    example: { grant_type: 'client_credentials', scope: 'catalog.read' },
  };
  return {
    post: {
      operationId: 'createToken',
      summary: 'Get an access token (client credentials)',
      description:
        'The client-credentials grant of a public client (RFC 6749 section 4.4): no client secret, no ' +
        'client authentication of any kind. A token is never required; it exists so that standard OAuth ' +
        'clients and gateways can be configured against the service. Tokens are opaque, valid for 3600 ' +
        'seconds, and not stored. Parameters the endpoint does not recognise are ignored; a recognised one ' +
        `sent twice is \`invalid_request\` (RFC 6749 section 3.2). The body is read up to ${TOKEN_BODY_LIMIT} bytes.`,
      tags: TAGS,
      requestBody: {
        description: 'Form-encoded (a `charset` must be UTF-8) or a JSON object of strings.',
        required: true,
        content: { 'application/x-www-form-urlencoded': body, 'application/json': body },
      },
      responses: {
        '200': {
          description: 'A Bearer token for scope `catalog.read` (RFC 6749 section 5.1).',
          headers: responseHeaders(NO_STORE),
          content: json({ schema: schemaRef(TokenSuccessSchema), example: TOKEN_SUCCESS_EXAMPLE }),
        },
        '400': oauthError(
          'A refused token request (RFC 6749 section 5.2): checked in the order of the examples. `invalid_client` ' +
            'means a client secret or assertion was sent: public clients only.',
          { examples: TOKEN_ERROR_EXAMPLES },
        ),
        '401': oauthError(
          '`invalid_client`: the request carried an `Authorization` header; public clients only ' +
            '(RFC 6749 section 5.2).',
          { example: TOKEN_UNAUTHORIZED_EXAMPLE },
          headerRefs('WWW-Authenticate'),
        ),
        '413': oauthError(
          `The body is larger than ${TOKEN_BODY_LIMIT} bytes (RFC 9110 section 15.5.14). Nothing past the cap is read.`,
          { example: TOKEN_TOO_LARGE_EXAMPLE },
        ),
        ...COMMON_RESPONSES,
      },
    },
    ...optionsOperation('Token', TOKEN_ENDPOINT_PATH, TAGS),
  };
}

/** The token endpoint's operations: the form or JSON it reads, the token or RFC 6749 error it sends. */
export const tokenOperation: ApiOperation = {
  path: TOKEN_ENDPOINT_PATH,
  pathItem: tokenPath,
  sends: [OAuthTokenErrorSchema, TokenSuccessSchema],
  reads: [TokenRequestSchema],
};
