import { INVALID_REQUEST } from '../schemas/oauth.ts';
import { fail, type OAuthResult } from './oauth-error-response.ts';
import type { BodyEntries } from './parse-token-body.ts';

/** Parameters the token endpoint reads; the client authentication ones only to refuse them. */
export const RECOGNISED_PARAMS = [
  'grant_type',
  'scope',
  'client_id',
  'client_secret',
  'client_assertion',
  'client_assertion_type',
] as const;

/** One recognised parameter name. */
type RecognisedParam = (typeof RECOGNISED_PARAMS)[number];

/** The recognised parameters a request carried with a non-empty value. */
export type TokenParams = Partial<Record<RecognisedParam, string>>;

const isRecognised = (name: string): name is RecognisedParam => (RECOGNISED_PARAMS as readonly string[]).includes(name);

/**
 * Applies RFC 6749 §3.2 to the entries of a body: unrecognised parameters are ignored, a
 * recognised one sent more than once (empty or not) is `invalid_request`, and an empty value
 * counts as omitted.
 */
export function collectTokenParams(entries: BodyEntries): OAuthResult<TokenParams> {
  const seen = new Set<RecognisedParam>();
  const params: TokenParams = {};
  for (const [name, value] of entries) {
    if (!isRecognised(name)) continue;
    if (seen.has(name)) {
      return fail({ error: INVALID_REQUEST, description: `parameter ${name} is sent more than once` });
    }
    seen.add(name);
    if (value !== '') params[name] = value;
  }
  return { ok: true, value: params };
}
