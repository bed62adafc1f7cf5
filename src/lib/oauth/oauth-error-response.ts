import type { OAuthErrorCode, OAuthTokenError } from '../schemas/oauth.ts';
import { toErrorDescription } from './error-description.ts';
import { jsonTokenAnswer, tokenAnswerResponse, type TokenAnswer } from './token-answer.ts';

/** RFC 6749 §5.1: token endpoint answers, success or error, must never be cached. */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
};

/** A refused token request, before it becomes a response. */
export interface OAuthFailure {
  error: OAuthErrorCode;
  /** Names what was wrong; sanitised to the RFC 6749 §5.2 character set when sent. */
  description: string;
  /** 400 unless stated (RFC 6749 §5.2): 401 for a rejected Authorization header, 413 for a big body. */
  status?: 400 | 401 | 413;
  /** Extra headers, e.g. `WWW-Authenticate` on a 401. */
  headers?: Record<string, string>;
}

/** Either a value or the failure that stops a token request. */
export type OAuthResult<T> = { ok: true; value: T } | { ok: false; failure: OAuthFailure };

/** A failed OAuthResult. */
export const fail = (failure: OAuthFailure): { ok: false; failure: OAuthFailure } => ({ ok: false, failure });

/** The one way to build a token endpoint error: an RFC 6749 §5.2 JSON body, never cached. */
export function oauthErrorAnswer({ error, description, status = 400, headers = {} }: OAuthFailure): TokenAnswer {
  const body: OAuthTokenError = { error, error_description: toErrorDescription(description) };
  return jsonTokenAnswer(status, { ...NO_STORE_HEADERS, ...headers }, body);
}

/** The same error as a Fetch `Response`. */
export const oauthErrorResponse = (failure: OAuthFailure): Response => tokenAnswerResponse(oauthErrorAnswer(failure));
