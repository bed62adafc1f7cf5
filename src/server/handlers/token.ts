import { NO_STORE_HEADERS } from '../../lib/oauth/token-answer.ts';
import { TOKEN_BODY_LIMIT } from '../../lib/oauth/token-request.ts';
import { schemaRef } from '../../lib/openapi/component-schemas.ts';
import { headerRefs } from '../../lib/openapi/components-headers.ts';
import {
  TOKEN_ERROR_EXAMPLES,
  TOKEN_SUCCESS_EXAMPLE,
  TOKEN_TOO_LARGE_EXAMPLE,
  TOKEN_UNAUTHORIZED_EXAMPLE,
} from '../../lib/openapi/examples.ts';
import type { HeaderObject, MediaTypeObject, PathItemObject, ResponseObject } from '../../lib/openapi/openapi-types.ts';
import { COMMON_RESPONSES, fixedHeader, responseHeaders } from '../../lib/openapi/responses.ts';
import { optionsOperation, type ApiOperation } from '../../lib/openapi/operations.ts';
import {
  OAuthTokenErrorSchema,
  TOKEN_ENDPOINT_PATH,
  TokenRequestSchema,
  TokenSuccessSchema,
} from '../../lib/schemas/oauth.ts';
import { readRequestBody } from '../http/request-body.ts';
import { sendAnswer, type Exchange } from '../http/send.ts';

/** The token endpoint's module. */
type TokenEndpoint = typeof import('../../lib/oauth/token-exchange.ts');

/** What `POST /oauth/token` runs, once its first request loaded it: start-up never needs it. */
let loaded: TokenEndpoint | undefined;

/** Answers `POST /oauth/token` (RFC 6749 §4.4), its module loaded on the first request. */
export function answerToken(exchange: Exchange): Promise<void> | void {
  if (loaded !== undefined) return answerWith(exchange, loaded);
  return import('../../lib/oauth/token-exchange.ts').then((endpoint) => answerWith(exchange, (loaded = endpoint)));
}

/** The answer by `endpoint`: a declared length over the limit is a 413 before reading. */
function answerWith(exchange: Exchange, endpoint: TokenEndpoint): Promise<void> | void {
  const { req, res } = exchange;
  const format = endpoint.tokenBodyFormat(req.headers['content-type'] ?? null);
  if (!format.ok) return sendAnswer(exchange, endpoint.oauthErrorAnswer(format.failure));
  const limit = endpoint.TOKEN_BODY_LIMIT;
  if (endpoint.declaredTooLarge(req.headers['content-length'], limit)) {
    return sendAnswer(exchange, endpoint.oauthErrorAnswer(endpoint.bodyTooLarge(limit)));
  }
  // The client waits for our go-ahead before it sends the body (RFC 9110 §10.1.1).
  if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
  return readRequestBody(req, limit).then((read) => {
    const answer = read.ok
      ? endpoint.exchangeToken(read.body, format.value, req.headers.authorization ?? null)
      : endpoint.oauthErrorAnswer(
          read.reason === 'too_large' ? endpoint.bodyTooLarge(limit) : endpoint.BODY_UNREADABLE,
        );
    sendAnswer(exchange, answer);
  });
}

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
