import { applyGrantRules } from './grant-rules.ts';
import { oauthErrorAnswer } from './oauth-error-response.ts';
import { parseTokenBody } from './parse-token-body.ts';
import type { TokenAnswer } from './token-answer.ts';
import type { TokenBodyFormat } from './token-content-type.ts';
import { collectTokenParams } from './token-params.ts';
import { tokenSuccessAnswer } from './token-success-response.ts';

export { oauthErrorAnswer } from './oauth-error-response.ts';
export { BODY_UNREADABLE, bodyTooLarge, declaredTooLarge, TOKEN_BODY_LIMIT } from './read-limited-body.ts';
export type { TokenAnswer } from './token-answer.ts';
export { tokenBodyFormat } from './token-content-type.ts';

/**
 * The token endpoint once its body is read (spec 4.3, RFC 6749 §4.4): the body's parameters
 * (RFC 6749 §3.2), then the grant rules; a fresh token on success. The Fetch handler
 * (`token-endpoint.ts`) and the `node:http` server (`src/server/answer-token.ts`) each read
 * the body their own way and share this, so both give the same answers.
 */
export function exchangeToken(body: Uint8Array, format: TokenBodyFormat, authorization: string | null): TokenAnswer {
  const entries = parseTokenBody(body, format);
  if (!entries.ok) return oauthErrorAnswer(entries.failure);
  const params = collectTokenParams(entries.value);
  if (!params.ok) return oauthErrorAnswer(params.failure);
  const grant = applyGrantRules(params.value, authorization);
  if (!grant.ok) return oauthErrorAnswer(grant.failure);
  return tokenSuccessAnswer();
}
