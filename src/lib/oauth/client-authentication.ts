import { INVALID_CLIENT } from '../schemas/oauth.ts';
import type { OAuthFailure } from './oauth-error-response.ts';
import type { TokenParams } from './token-params.ts';

/** Realm named in the `WWW-Authenticate` challenge of a refused Authorization header. */
const REALM = 'catalog';

/** RFC 9110 §11.1: an auth-scheme is a token. */
const AUTH_SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;

/** Usual spelling of schemes a client may send, keyed by lower case. */
const CANONICAL_SCHEMES: Readonly<Record<string, string>> = { basic: 'Basic', bearer: 'Bearer', dpop: 'DPoP' };

const PUBLIC_ONLY = 'this endpoint serves public clients only (token_endpoint_auth_method none)';

/**
 * Refuses every form of client authentication (spec 5.3). RFC 6749 §5.2: when the client used the
 * Authorization header, the answer is 401 with a `WWW-Authenticate` challenge in the scheme it used.
 */
export function refuseClientAuthentication(
  params: TokenParams,
  authorization: string | null,
): OAuthFailure | undefined {
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
