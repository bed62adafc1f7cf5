import { INVALID_REQUEST } from '../schemas/oauth.ts';
import { quoteInput } from './error-description.ts';
import { fail, type OAuthResult } from './oauth-error-response.ts';
import type { TokenBodyFormat } from './token-content-type.ts';

/** Name/value pairs in the order sent, duplicates kept so the caller can refuse them. */
export type BodyEntries = Array<[name: string, value: string]>;

const malformed = (description: string) => fail({ error: INVALID_REQUEST, description });

/**
 * One decoder for every body: `decode` without `stream` starts afresh each call (WHATWG
 * Encoding §7.2), so sharing it changes nothing but the cost of making one per request.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Decodes a body's bytes as UTF-8 and splits it into entries according to its format. */
export function parseTokenBody(bytes: Uint8Array, format: TokenBodyFormat): OAuthResult<BodyEntries> {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return malformed('request body is not valid UTF-8');
  }
  return format === 'json' ? parseJsonBody(text) : parseFormBody(text);
}

/**
 * Splits an `application/x-www-form-urlencoded` body (WHATWG URL §5.1) into entries. Unlike
 * URLSearchParams, a bad percent-escape or percent-encoded bytes that are not UTF-8 are refused
 * instead of being silently replaced.
 */
export function parseFormBody(text: string): OAuthResult<BodyEntries> {
  const entries: BodyEntries = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const [rawName, rawValue] = equals === -1 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)];
    try {
      entries.push([decodeFormComponent(rawName), decodeFormComponent(rawValue)]);
    } catch {
      return malformed(`form body is malformed near ${quoteInput(part)}: bad percent-encoding`);
    }
  }
  return { ok: true, value: entries };
}

/** A form component with `+` as space and percent-escapes decoded; most have neither, and are taken as they are. */
const decodeFormComponent = (raw: string): string =>
  raw.includes('%') || raw.includes('+') ? decodeURIComponent(raw.replaceAll('+', ' ')) : raw;

/** A JSON string literal; in a valid document these never overlap. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * Reads a JSON body that must be an object whose values are all strings. JSON.parse keeps only the
 * last of two equal keys, so the members are re-read from the text: with string values only, the
 * string literals alternate name, value.
 */
export function parseJsonBody(text: string): OAuthResult<BodyEntries> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return malformed('request body is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return malformed(`JSON body must be an object, not ${describeJsonType(document)}`);
  }
  for (const [name, value] of Object.entries(document)) {
    if (typeof value !== 'string') {
      return malformed(`JSON member ${quoteInput(name)} must be a string, not ${describeJsonType(value)}`);
    }
  }
  const literals = (text.match(JSON_STRING) ?? []).map((literal) => JSON.parse(literal) as string);
  const entries: BodyEntries = [];
  for (let i = 0; i + 1 < literals.length; i += 2) entries.push([literals[i]!, literals[i + 1]!]);
  return { ok: true, value: entries };
}

/** `an array`, `null`, `a number`… for messages about a JSON value. */
function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
