import {
  CATALOG_READ,
  CLIENT_CREDENTIALS,
  INVALID_REQUEST,
  INVALID_SCOPE,
  TokenRequestSchema,
  UNSUPPORTED_GRANT_TYPE,
  type TokenRequest,
} from '../schemas/oauth.ts';
import { refuseClientAuthentication } from './client-authentication.ts';
import { quoteInput } from './error-description.ts';
import { fail, type OAuthResult } from './oauth-error-response.ts';
import type { TokenParams } from './token-params.ts';

const fields = TokenRequestSchema.shape;

/**
 * The grant rules of spec 4.3 and 5, in this order: a malformed request (`invalid_request`), then
 * client authentication (`invalid_client`), the grant type (`unsupported_grant_type`) and the scope
 * (`invalid_scope`). Each field is checked with its part of TokenRequestSchema.
 */
export function applyGrantRules(params: TokenParams, authorization: string | null): OAuthResult<TokenRequest> {
  const { grant_type: grantType, scope, client_id: clientId } = params;
  if (grantType === undefined) {
    return fail({ error: INVALID_REQUEST, description: `grant_type is required; use ${CLIENT_CREDENTIALS}` });
  }
  if (clientId !== undefined && !fields.client_id.safeParse(clientId).success) {
    return fail({ error: INVALID_REQUEST, description: 'client_id must be 1 to 255 printable ASCII characters' });
  }
  const refusal = refuseClientAuthentication(params, authorization);
  if (refusal !== undefined) return fail(refusal);
  if (!fields.grant_type.safeParse(grantType).success) {
    return fail({
      error: UNSUPPORTED_GRANT_TYPE,
      description: `grant_type ${quoteInput(grantType)} is not supported; use ${CLIENT_CREDENTIALS}`,
    });
  }
  if (!fields.scope.safeParse(scope).success) {
    return fail({
      error: INVALID_SCOPE,
      description: `scope ${quoteInput(scope ?? '')} is not available; the only scope is ${CATALOG_READ}`,
    });
  }
  return {
    ok: true,
    value: {
      grant_type: CLIENT_CREDENTIALS,
      scope: CATALOG_READ,
      ...(clientId === undefined ? {} : { client_id: clientId }),
    },
  };
}
