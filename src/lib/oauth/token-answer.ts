import { randomBytes } from 'node:crypto';
import {
  BEARER,
  CATALOG_READ,
  TOKEN_LIFETIME_S,
  type OAuthErrorCode,
  type OAuthTokenError,
  type TokenSuccess,
} from '../schemas/oauth.ts';

/** A token endpoint answer (status, headers, JSON text) for `src/server/handlers/token.ts` to write. */
export interface TokenAnswer {
  status: number;
  /** `[name, value, …]`, lower-case and sorted by name, as a Fetch `Headers` lists them. */
  headers: readonly string[];
  /** The JSON body (RFC 6749 §5.1 or §5.2). */
  body: string;
}

/** The media type of every token endpoint body (RFC 6749 §5.1). */
const JSON_TYPE = 'application/json';

/** A JSON answer with `headers` (any spelling) plus `Content-Type`, in Fetch's order. */
function jsonTokenAnswer(status: number, headers: Readonly<Record<string, string>>, body: unknown): TokenAnswer {
  const named = Object.entries({ ...headers, 'content-type': JSON_TYPE }).map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  );
  named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { status, headers: named.flat(), body: JSON.stringify(body) };
}

/** A character RFC 6749 §5.2 does not allow in `error_description` (outside %x20-21 / %x23-5B / %x5D-7E). */
const DISALLOWED = /[^\x20-\x21\x23-\x5B\x5D-\x7E]/gu;

/** Longest piece of client input repeated in a description. */
const MAX_ECHO = 40;

/**
 * Any text as a valid `error_description`: characters outside RFC 6749 §5.2's set become `?`, so input is never echoed
 * raw.
 * @internal
 */
export function toErrorDescription(text: string): string {
  const ascii = text.replace(DISALLOWED, '?');
  return ascii.length === 0 ? '?' : ascii;
}

/** Client input quoted for a description: single quotes, sanitised, at most 40 characters. */
export function quoteInput(value: string): string {
  const chars = Array.from(value);
  const shown = chars.length > MAX_ECHO ? `${chars.slice(0, MAX_ECHO).join('')}...` : value;
  return `'${toErrorDescription(shown)}'`;
}

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

/** Random bytes in an access token: 256 bits (RFC 6749 §10.10 asks for at least 128). */
const TOKEN_BYTES = 32;

/** A fresh opaque CSPRNG token, never stored: the catalog ignores tokens, so there is nothing to check it against. */
const mintAccessToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** The headers of every success (RFC 6749 §5.1: never cached), listed once. */
const SUCCESS_HEADERS = jsonTokenAnswer(200, NO_STORE_HEADERS, {}).headers;

/** The RFC 6749 §5.1 success answer with a fresh token, never cached. */
export function tokenSuccessAnswer(): TokenAnswer {
  const body: TokenSuccess = {
    access_token: mintAccessToken(),
    token_type: BEARER,
    expires_in: TOKEN_LIFETIME_S,
    scope: CATALOG_READ,
  };
  return { status: 200, headers: SUCCESS_HEADERS, body: JSON.stringify(body) };
}
