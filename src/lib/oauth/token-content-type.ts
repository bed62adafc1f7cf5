import { INVALID_REQUEST } from '../schemas/oauth.ts';
import { fail, type OAuthResult } from './oauth-error-response.ts';
import { quoteInput } from './error-description.ts';

/** How a token request body is encoded. */
export type TokenBodyFormat = 'form' | 'json';

/** Media types the token endpoint reads (spec 4.3), by their essence. */
const FORMATS: Readonly<Record<string, TokenBodyFormat>> = {
  'application/x-www-form-urlencoded': 'form',
  'application/json': 'json',
};

/** `charset` labels meaning UTF-8 or a subset of it; both bodies are read as UTF-8 (RFC 8259 §8.1). */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'us-ascii']);

const USE = 'use application/x-www-form-urlencoded or application/json';

/**
 * Picks the body format from `Content-Type` (RFC 9110 §8.3.1: type, subtype and parameter names are
 * case-insensitive). A `charset` must name UTF-8; other parameters are ignored.
 */
export function tokenBodyFormat(header: string | null): OAuthResult<TokenBodyFormat> {
  if (header === null || header.trim() === '') {
    return fail({ error: INVALID_REQUEST, description: `Content-Type is required; ${USE}` });
  }
  const [essence = '', ...parameters] = header.split(';').map((part) => part.trim());
  const format = FORMATS[essence.toLowerCase()];
  if (format === undefined) {
    return fail({
      error: INVALID_REQUEST,
      description: `Content-Type ${quoteInput(essence)} is not supported; ${USE}`,
    });
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim());
    const charset = value.replace(/^"(.*)"$/, '$1').toLowerCase();
    if (name.toLowerCase() === 'charset' && !UTF8_LABELS.has(charset)) {
      return fail({ error: INVALID_REQUEST, description: `charset ${quoteInput(value)} is not supported; send UTF-8` });
    }
  }
  return { ok: true, value: format };
}
