import { oauthErrorResponse } from './oauth-error-response.ts';
import { readLimitedBody, TOKEN_BODY_LIMIT } from './read-limited-body.ts';
import { tokenAnswerResponse } from './token-answer.ts';
import { tokenBodyFormat } from './token-content-type.ts';
import { exchangeToken } from './token-exchange.ts';

/**
 * Answers `POST /oauth/token` (spec 4.3, RFC 6749 §4.4) as a Fetch handler (the Astro route):
 * content type, body (at most 4096 bytes), then `exchangeToken`. Stateless: the token is not
 * stored, because the catalog accepts any token and ignores it (spec 5.5).
 */
export async function handleTokenRequest(request: Request): Promise<Response> {
  const format = tokenBodyFormat(request.headers.get('content-type'));
  if (!format.ok) return oauthErrorResponse(format.failure);
  const body = await readLimitedBody(request, TOKEN_BODY_LIMIT);
  if (!body.ok) return oauthErrorResponse(body.failure);
  return tokenAnswerResponse(exchangeToken(body.value, format.value, request.headers.get('authorization')));
}
