import { applyGrantRules } from './grant-rules.ts';
import { oauthErrorAnswer, tokenSuccessAnswer, type TokenAnswer } from './token-answer.ts';
import { collectTokenParams, parseTokenBody, type TokenBodyFormat } from './token-request.ts';

export { oauthErrorAnswer, type TokenAnswer } from './token-answer.ts';
export { BODY_UNREADABLE, bodyTooLarge, declaredTooLarge, TOKEN_BODY_LIMIT, tokenBodyFormat } from './token-request.ts';

/** The token endpoint once its body is read (RFC 6749 §4.4): parameters, grant rules, token. */
export function exchangeToken(body: Uint8Array, format: TokenBodyFormat, authorization: string | null): TokenAnswer {
  const entries = parseTokenBody(body, format);
  if (!entries.ok) return oauthErrorAnswer(entries.failure);
  const params = collectTokenParams(entries.value);
  if (!params.ok) return oauthErrorAnswer(params.failure);
  const grant = applyGrantRules(params.value, authorization);
  if (!grant.ok) return oauthErrorAnswer(grant.failure);
  return tokenSuccessAnswer();
}
