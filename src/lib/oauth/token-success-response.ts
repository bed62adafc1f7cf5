import { randomBytes } from 'node:crypto';
import { BEARER, CATALOG_READ, TOKEN_LIFETIME_S, type TokenSuccess } from '../schemas/oauth.ts';
import { NO_STORE_HEADERS } from './oauth-error-response.ts';
import { jsonTokenAnswer, tokenAnswerResponse, type TokenAnswer } from './token-answer.ts';

/** Random bytes in an access token: 256 bits (RFC 6749 §10.10 asks for at least 128). */
export const TOKEN_BYTES = 32;

/** A fresh opaque access token from the CSPRNG, base64url. Tokens are not stored (spec 5.5). */
export function mintAccessToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The RFC 6749 §5.1 success answer with a fresh token, never cached. */
export function tokenSuccessAnswer(): TokenAnswer {
  const body: TokenSuccess = {
    access_token: mintAccessToken(),
    token_type: BEARER,
    expires_in: TOKEN_LIFETIME_S,
    scope: CATALOG_READ,
  };
  return jsonTokenAnswer(200, NO_STORE_HEADERS, body);
}

/** The same answer as a Fetch `Response`. */
export const tokenSuccessResponse = (): Response => tokenAnswerResponse(tokenSuccessAnswer());
