import fresh from 'fresh';
import { parseHttpDate } from './http-date.ts';

/**
 * The tag a 304 answers `If-None-Match` with, or undefined when the full 200 is due. `tags` are the validators of the
 * representations this request may be sent (each coding the client accepts now, the one the server would pick
 * first), compared weakly (RFC 9110 §13.1.2) by `fresh`; `*` matches the first.
 *
 * A 304 carries the ETag of the representation it confirms (RFC 9110 §15.4.5), and a cache freshens only the
 * stored response with that strong validator (RFC 9111 §4.3.4): a client holding the plain copy that now also
 * accepts gzip is answered with the plain copy's tag, which the server may as well send it now. A tag of a coding
 * the client no longer accepts matches nothing, since confirming it would confirm bytes the client cannot decode.
 * Only `If-None-Match` is handed to `fresh`: its rule that a request's `Cache-Control: no-cache` is never answered
 * 304 is a cache's, while an origin evaluates the condition regardless (RFC 9110 §13.2.1).
 */
function matchingTag(ifNoneMatch: string, tags: readonly string[]): string | undefined {
  const conditions = { 'if-none-match': ifNoneMatch.trim() };
  return tags.find((etag) => fresh(conditions, { etag }));
}

/** An entity-tag of a list (RFC 9110 §8.8.3), weak or strong; a tag may hold commas, so the list is not split on them. */
const ENTITY_TAG = /(W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g;

/**
 * Whether `If-Match` holds (RFC 9110 §13.1.1): `*` when a representation exists, which it does wherever this is
 * asked, or a listed tag equal to one of `tags` by strong comparison (RFC 9110 §8.8.3.2), so a weak tag never
 * matches. `tags` are the same validators `matchingTag` compares: the server may send any coding the client accepts.
 */
function ifMatchHolds(ifMatch: string, tags: readonly string[]): boolean {
  if (ifMatch.trim() === '*') return true;
  for (const [tag, weak] of ifMatch.matchAll(ENTITY_TAG)) if (weak === undefined && tags.includes(tag)) return true;
  return false;
}

/** What the preconditions of a GET or HEAD make of it: its 200, a 304 confirming `etag`, or a 412. */
export type Precondition = { status: 200 } | { status: 304; etag: string } | { status: 412 };

const PROCEED: Precondition = { status: 200 };
const FAILED: Precondition = { status: 412 };

/** The precondition fields of a request (RFC 9110 §13.1), as received. */
interface Conditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifUnmodifiedSince?: string | undefined;
}

/**
 * Whether a representation last modified at `lastModified` changed after `date`, both HTTP-dates; undefined when
 * either is missing or no valid HTTP-date, and then the condition is ignored (RFC 9110 §13.1.3, §13.1.4).
 */
function modifiedAfter(lastModified: string | undefined, date: string): boolean | undefined {
  if (lastModified === undefined) return undefined;
  const since = parseHttpDate(date.trim());
  const modified = parseHttpDate(lastModified);
  return since === undefined || modified === undefined ? undefined : modified > since;
}

/**
 * Evaluates the preconditions of a GET or HEAD in the order of RFC 9110 §13.2.2: `If-Match` (false: 412, whatever
 * follows), or without it `If-Unmodified-Since` (modified since: 412); then `If-None-Match` (a match: 304), or
 * without it `If-Modified-Since` (not modified since: a 304 confirming the first of `tags`, the representation the
 * 200 would send). The dates count only for a representation with a `lastModified` (an HTTP-date): a recipient
 * ignores them for a resource without one. See docs/service.md, "Conditional requests".
 */
export function evaluatePreconditions(
  conditions: Conditions,
  tags: readonly string[],
  lastModified?: string,
): Precondition {
  const { ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince } = conditions;
  if (ifMatch !== undefined) {
    if (!ifMatchHolds(ifMatch, tags)) return FAILED;
  } else if (ifUnmodifiedSince !== undefined && modifiedAfter(lastModified, ifUnmodifiedSince) === true) {
    return FAILED;
  }
  if (ifNoneMatch !== undefined) {
    const etag = matchingTag(ifNoneMatch, tags);
    return etag === undefined ? PROCEED : { status: 304, etag };
  }
  const current = tags[0];
  if (ifModifiedSince === undefined || current === undefined) return PROCEED;
  return modifiedAfter(lastModified, ifModifiedSince) === false ? { status: 304, etag: current } : PROCEED;
}

/** The content codings a client accepts, by RFC 9110 §12.5.3 (q=0 excludes). */
function acceptedCodings(acceptEncoding: string | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const member of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = member.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    codings.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return codings;
}

/** The preferred coding among `offers` (in server order), or undefined for identity. */
export function chooseEncoding<T extends string>(
  acceptEncoding: string | undefined,
  offers: readonly T[],
): T | undefined {
  const codings = acceptedCodings(acceptEncoding);
  let best: T | undefined;
  let bestQ = 0;
  for (const offer of offers) {
    const q = codings.get(offer) ?? codings.get('*') ?? 0;
    if (q > bestQ) {
      best = offer;
      bestQ = q;
    }
  }
  return best;
}

/**
 * Every coding among `offers` and identity (undefined) that a client accepts (RFC 9110 §12.5.3), the preferred one
 * first. Identity is acceptable unless `identity;q=0`, or `*;q=0` without an identity entry, excludes it.
 */
export function acceptableCodings<T extends string>(
  acceptEncoding: string | undefined,
  offers: readonly T[],
): Array<T | undefined> {
  const codings = acceptedCodings(acceptEncoding);
  const preferred = chooseEncoding(acceptEncoding, offers);
  const others = offers.filter((offer) => offer !== preferred && (codings.get(offer) ?? codings.get('*') ?? 0) > 0);
  const identity = preferred !== undefined && (codings.get('identity') ?? codings.get('*') ?? 1) > 0;
  return [preferred, ...others, ...(identity ? [undefined] : [])];
}
