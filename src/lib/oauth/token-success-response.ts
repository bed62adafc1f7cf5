import { randomFillSync } from 'node:crypto';
import { BEARER, CATALOG_READ, TOKEN_LIFETIME_S, type TokenSuccess } from '../schemas/oauth.ts';
import { NO_STORE_HEADERS } from './oauth-error-response.ts';
import { jsonTokenAnswer, type TokenAnswer } from './token-answer.ts';

/** Random bytes in an access token: 256 bits (RFC 6749 §10.10 asks for at least 128). */
export const TOKEN_BYTES = 32;

/** Tokens drawn from the CSPRNG at once: one call per 128 tokens, not one per token. */
const POOL_TOKENS = 128;
const pool = Buffer.alloc(TOKEN_BYTES * POOL_TOKENS);
/** Where the next token's bytes begin; at the end, the pool is refilled. */
let next = pool.length;

/**
 * A fresh opaque access token from the CSPRNG, base64url. Tokens are not stored (spec 5.5).
 * The bytes come from a pool refilled 4 KiB at a time, as Node's own `randomUUID` does: a
 * `randomBytes` call per token was 5% of a token request's CPU (a syscall each), and every
 * byte is still the CSPRNG's, used once.
 */
function mintAccessToken(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + TOKEN_BYTES);
  next += TOKEN_BYTES;
  return token;
}

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
