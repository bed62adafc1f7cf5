import {
  CATALOG_READ,
  CLIENT_CREDENTIALS,
  INVALID_CLIENT,
  INVALID_REQUEST,
  INVALID_SCOPE,
  TokenRequestSchema,
  UNSUPPORTED_GRANT_TYPE,
  type TokenRequest,
} from '../schemas/oauth.ts';
import { fail, quoteInput, type OAuthFailure, type OAuthResult } from './token-answer.ts';
import type { TokenParams } from './token-request.ts';

/** Realm named in the `WWW-Authenticate` challenge of a refused Authorization header. */
const REALM = 'catalog';

/** RFC 9110 §11.1: an auth-scheme is a token. */
const AUTH_SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;

/** Usual spelling of schemes a client may send, keyed by lower case. */
const CANONICAL_SCHEMES: Readonly<Record<string, string>> = { basic: 'Basic', bearer: 'Bearer', dpop: 'DPoP' };

const PUBLIC_ONLY = 'this endpoint serves public clients only (token_endpoint_auth_method none)';

/**
 * Refuses every client authentication: clients are public and there is no registry a secret could be checked against;
 * via `Authorization`, a 401 with a challenge in its scheme (RFC 6749 §5.2).
 */
function refuseClientAuthentication(params: TokenParams, authorization: string | null): OAuthFailure | undefined {
  const credentials = authorization?.trim() ?? '';
  if (credentials !== '') {
    const scheme = challengeScheme(credentials);
    return {
      error: INVALID_CLIENT,
      status: 401,
      headers: { 'WWW-Authenticate': `${scheme} realm="${REALM}"` },
      description: `client authentication with an Authorization header (${scheme}) is not accepted; ${PUBLIC_ONLY}`,
    };
  }
  const sent = (['client_secret', 'client_assertion', 'client_assertion_type'] as const).find(
    (name) => params[name] !== undefined,
  );
  if (sent === undefined) return undefined;
  return { error: INVALID_CLIENT, description: `${sent} is not accepted; ${PUBLIC_ONLY}` };
}

/** The scheme to challenge with: the one the client sent, or Basic when it sent no valid token. */
function challengeScheme(credentials: string): string {
  const scheme = credentials.split(/[ \t]/, 1)[0] ?? '';
  if (!AUTH_SCHEME.test(scheme)) return 'Basic';
  return CANONICAL_SCHEMES[scheme.toLowerCase()] ?? scheme;
}

const fields = TokenRequestSchema.shape;

/**
 * The grant rules in order (docs/service.md, "OAuth 2.0 and discovery"): `invalid_request`, `invalid_client`,
 * `unsupported_grant_type`, `invalid_scope`.
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
