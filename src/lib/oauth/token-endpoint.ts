import { applyGrantRules } from './grant-rules.ts';
import { oauthErrorResponse } from './oauth-error-response.ts';
import { parseTokenBody } from './parse-token-body.ts';
import { readLimitedBody, TOKEN_BODY_LIMIT } from './read-limited-body.ts';
import { tokenBodyFormat } from './token-content-type.ts';
import { collectTokenParams } from './token-params.ts';
import { tokenSuccessResponse } from './token-success-response.ts';

/**
 * Answers `POST /oauth/token` (spec 4.3, RFC 6749 §4.4): content type, body (at most 4096 bytes),
 * parameters (RFC 6749 §3.2), then the grant rules; a fresh token on success. Stateless: the
 * token is not stored, because the catalog accepts any token and ignores it (spec 5.5).
 */
export async function handleTokenRequest(request: Request): Promise<Response> {
  const format = tokenBodyFormat(request.headers.get('content-type'));
  if (!format.ok) return oauthErrorResponse(format.failure);
  const body = await readLimitedBody(request, TOKEN_BODY_LIMIT);
  if (!body.ok) return oauthErrorResponse(body.failure);
  const entries = parseTokenBody(body.value, format.value);
  if (!entries.ok) return oauthErrorResponse(entries.failure);
  const params = collectTokenParams(entries.value);
  if (!params.ok) return oauthErrorResponse(params.failure);
  const grant = applyGrantRules(params.value, request.headers.get('authorization'));
  if (!grant.ok) return oauthErrorResponse(grant.failure);
  return tokenSuccessResponse();
}
