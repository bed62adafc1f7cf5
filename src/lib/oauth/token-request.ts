import { getNodeValue, parseTree } from 'jsonc-parser';
import { decodeFormPairs } from '../http/form-urlencoded.ts';
import { INVALID_REQUEST } from '../schemas/oauth.ts';
import { fail, quoteInput, type OAuthFailure, type OAuthResult } from './token-answer.ts';

/** How a token request body is encoded. */
export type TokenBodyFormat = 'form' | 'json';

/** Media types the token endpoint reads (form and JSON), by their essence. */
const FORMATS: Readonly<Record<string, TokenBodyFormat>> = {
  'application/x-www-form-urlencoded': 'form',
  'application/json': 'json',
};

/** `charset` labels meaning UTF-8 or a subset of it; both bodies are read as UTF-8 (RFC 8259 §8.1). */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'us-ascii']);

const USE = 'use application/x-www-form-urlencoded or application/json';

/** The body format from `Content-Type`, case-insensitively (RFC 9110 §8.3.1); a `charset` must be UTF-8. */
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

/** Largest token request body read, in bytes; a real one is well under 200. */
export const TOKEN_BODY_LIMIT = 4096;

/** The refusal of a body over the limit: 413 (RFC 9110 §15.5.14) with an OAuth error. */
export const bodyTooLarge = (limit: number): OAuthFailure => ({
  error: INVALID_REQUEST,
  status: 413,
  description: `request body exceeds ${limit} bytes`,
});

/** The refusal of a body that broke off (the client went away or sent a malformed chunk). */
export const BODY_UNREADABLE: OAuthFailure = { error: INVALID_REQUEST, description: 'request body could not be read' };

/** Whether a declared `Content-Length` is over `limit`, so the body is refused before it is read. */
export const declaredTooLarge = (declared: string | null | undefined, limit: number): boolean =>
  declared != null && /^\d+$/.test(declared.trim()) && Number(declared) > limit;

/** Name/value pairs in the order sent, duplicates kept so the caller can refuse them. */
export type BodyEntries = Array<[name: string, value: string]>;

const malformed = (description: string) => fail({ error: INVALID_REQUEST, description });

/** One shared decoder: `decode` without `stream` starts afresh each call (WHATWG Encoding §7.2). */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Decodes a body's bytes as UTF-8 and splits it into entries according to its format. */
export function parseTokenBody(bytes: Uint8Array, format: TokenBodyFormat): OAuthResult<BodyEntries> {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return malformed('request body is not valid UTF-8');
  }
  if (format === 'json') return parseJsonBody(text);
  const form = decodeFormPairs(text);
  if ('malformed' in form) {
    return malformed(`form body is malformed near ${quoteInput(form.malformed)}: bad percent-encoding`);
  }
  return { ok: true, value: form.pairs };
}

/**
 * A JSON object of string values, members in order. JSON.parse keeps only the last duplicate, so the members are read
 * again from jsonc-parser's syntax tree, which keeps each: duplicates reach the caller and an overwritten non-string is
 * refused.
 */
function parseJsonBody(text: string): OAuthResult<BodyEntries> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return malformed('request body is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return malformed(`JSON body must be an object, not ${describeJsonType(document)}`);
  }
  const entries: BodyEntries = [];
  // JSON.parse accepted the text, so the tree is an object whose properties each hold a name and a value.
  for (const property of parseTree(text)?.children ?? []) {
    const [name, value] = property.children ?? [];
    const member = value === undefined ? undefined : (getNodeValue(value) as unknown);
    if (typeof member !== 'string') {
      return malformed(
        `JSON member ${quoteInput(String(name?.value))} must be a string, not ${describeJsonType(member)}`,
      );
    }
    entries.push([String(name?.value), member]);
  }
  return { ok: true, value: entries };
}

/** `an array`, `null`, `a number`… for messages about a JSON value. */
function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

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

/** RFC 6749 §3.2: unknown parameters ignored, a repeated known one `invalid_request`, an empty value as omitted. */
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
