import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  buildProblem,
  PRECONDITION_FAILED_DETAIL,
  serializeProblem,
  type ProblemInit,
} from '../../lib/http/problem-details.ts';
import { acceptableCodings, evaluatePreconditions, type Precondition } from '../../lib/http/conditional.ts';
import { contentSecurityPolicyFor } from '../../lib/http/content-security-policy.ts';
import { CODINGS, type Coding, type Representation } from '../../lib/http/representation.ts';

/**
 * One request being answered. `headers` go on every response to it (rate limit, baseline, request id): a flat
 * name/value list (RFC 9110 §15.4.5) the writer extends in place for one `writeHead`.
 */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  headers: string[];
  /** The public base URL: Problem types and links name it. */
  baseUrl: string;
  /** The client's address as the rate limiter saw it: whose share of the on-demand work the request spends. */
  client?: string | undefined;
}

/** How a representation is sent besides its bytes: status and the headers of its resource. */
export interface SendOptions {
  /** `Cache-Control` of the 200 and the 304. */
  cacheControl: string;
  /** Headers of the 200 and the 304 alike (Vary, Link), as a flat name/value list (RFC 9110 §15.4.5). */
  headers: readonly string[];
  /** The HTML's Content-Security-Policy when it is not the representation's own (a filtered view's). */
  policy?: string;
}

/**
 * Pages get their own browsing context group and no cross-site embedding (HTML §7.1.3.1 COOP, Fetch §3.7 CORP); JSON
 * and Markdown stay CORS-readable.
 */
const PAGE_ISOLATION = ['Cross-Origin-Opener-Policy', 'same-origin', 'Cross-Origin-Resource-Policy', 'same-origin'];

/** The Content-Security-Policy of each stored HTML representation, worked out on its first send. */
const policies = new WeakMap<Representation, string>();

/** The policy of a stored HTML page: its inline scripts and style attributes are fixed with its bytes. */
export function htmlPolicy(representation: Representation): string {
  let policy = policies.get(representation);
  if (policy === undefined) {
    policy = contentSecurityPolicyFor(Buffer.from(representation.identity.body).toString('utf8'));
    policies.set(representation, policy);
  }
  return policy;
}

/** Most distinct header values remembered per memo; the table is cleared when full. */
const MAX_HEADER_VALUES = 256;

/** Memoises a pure function of one request header (or query): clients send few distinct values. Bounded whatever they send. */
export function memoizeByHeader<T>(compute: (header: string | undefined) => T): (header: string | undefined) => T {
  const values = new Map<string, T>();
  return (header) => {
    const key = header ?? '';
    const known = values.get(key);
    if (known !== undefined || values.has(key)) return known as T;
    const value = compute(header);
    if (values.size >= MAX_HEADER_VALUES) values.clear();
    values.set(key, value);
    return value;
  };
}

/** The codings a client accepts among ours, the preferred first (RFC 9110 §12.5.3), parsed once per distinct header. */
const acceptedCodings = memoizeByHeader((acceptEncoding) => acceptableCodings(acceptEncoding, CODINGS));

/** The coding a client prefers among ours (undefined: identity), for a body made for one response. */
export const preferredCoding = (acceptEncoding: string | undefined): Coding | undefined =>
  acceptedCodings(acceptEncoding)[0];

/** The answer to a request without preconditions. */
const NO_PRECONDITION: Precondition = { status: 200 };

/**
 * The preconditions of a GET or HEAD whose representations carry `tags` (RFC 9110 §13.2.2) and, where their content
 * has a modification time, `lastModified` (an HTTP-date), or a 200 when it sends none that applies; a 412 is answered
 * here, as a Problem. The one place every response with an ETag asks.
 */
export function checkPreconditions(
  exchange: Exchange,
  tags: () => readonly string[],
  lastModified?: string,
): Precondition {
  const headers = exchange.req.headers;
  const { 'if-match': ifMatch, 'if-none-match': ifNoneMatch } = headers;
  const dated =
    lastModified !== undefined &&
    (headers['if-modified-since'] !== undefined || headers['if-unmodified-since'] !== undefined);
  if (ifMatch === undefined && ifNoneMatch === undefined && !dated) return NO_PRECONDITION;
  const conditions = {
    ifMatch,
    ifNoneMatch,
    ifModifiedSince: headers['if-modified-since'],
    ifUnmodifiedSince: headers['if-unmodified-since'],
  };
  const precondition = evaluatePreconditions(conditions, tags(), lastModified);
  if (precondition.status === 412) {
    sendProblem(exchange, { code: 'precondition_failed', detail: PRECONDITION_FAILED_DETAIL });
  }
  return precondition;
}

/**
 * Writes a prepared representation in one `writeHead` and `end`: the preferred coding with its own ETag (and its
 * `Last-Modified`, where it has one), a 304 with the tag of whichever accepted coding `If-None-Match` names
 * (`matchingTag`) or, for `If-Modified-Since`, the preferred coding's, or the 412 of a false precondition; HEAD gets
 * GET's headers, no body.
 */
export function sendRepresentation(exchange: Exchange, representation: Representation, options: SendOptions): void {
  const { req, res, headers } = exchange;
  // A body made for one response has only the coding it was made for (and identity): offer what it has.
  const codings = acceptedCodings(req.headers['accept-encoding']).filter(
    (offer) => offer === undefined || representation[offer] !== undefined,
  );
  const precondition = checkPreconditions(exchange, () => tagsOf(representation, codings), representation.lastModified);
  if (precondition.status === 412) return;
  const coding = codings[0];
  const encoded = coding === undefined ? representation.identity : representation[coding]!;
  for (const value of options.headers) headers.push(value);
  // No `Age`: it is a cache's estimate of a response's age (RFC 9111 §5.1), and this is the origin. A copy it made
  // earlier is as fresh as its `Cache-Control` says; an `Age` on top made every downstream copy stale on arrival.
  headers.push('Cache-Control', options.cacheControl);
  if (precondition.status === 304) {
    headers.push('ETag', precondition.etag);
    res.writeHead(304, headers);
    return void res.end();
  }
  headers.push('ETag', encoded.etag);
  // Not on the 304: with an ETag there, a cache needs no other metadata to freshen its copy (RFC 9110 §15.4.5).
  if (representation.lastModified !== undefined) headers.push('Last-Modified', representation.lastModified);
  const { body } = encoded;
  headers.push('Content-Type', representation.contentType, 'Content-Length', String(body.byteLength));
  if (coding !== undefined) headers.push('Content-Encoding', coding);
  if (representation.contentType.startsWith('text/html')) {
    headers.push('Content-Security-Policy', options.policy ?? htmlPolicy(representation), ...PAGE_ISOLATION);
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The tag of each coding in `codings` (undefined: identity), in that order. */
const tagsOf = (
  representation: Representation,
  codings: ReadonlyArray<(typeof CODINGS)[number] | undefined>,
): string[] => codings.map((coding) => (coding === undefined ? representation.identity : representation[coding]!).etag);

/** Writes a response without a body (204, 304): the exchange's headers, then `extra`, in one `writeHead`. */
export function sendEmpty(
  { res, headers }: Pick<Exchange, 'res' | 'headers'>,
  status: number,
  extra: readonly string[] = [],
): void {
  for (const value of extra) headers.push(value);
  res.writeHead(status, headers);
  res.end();
}

/** An answer made whole elsewhere (a token answer, a metrics scrape): status, its own headers and the body. */
export interface Answer {
  status: number;
  /** Content-Type and the rest, as a flat name/value list; `Content-Length` is added here. */
  headers: readonly string[];
  body: string | Buffer;
}

/** Writes an answer after the exchange's headers, in one `writeHead` and `end`; HEAD gets the headers alone. */
export function sendAnswer({ req, res, headers }: Pick<Exchange, 'req' | 'res' | 'headers'>, answer: Answer): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
  for (const value of answer.headers) headers.push(value);
  headers.push('Content-Length', String(body.length));
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** What a body made for one response carries besides the exchange's headers. */
export interface BodyOptions {
  /** Headers of this response (Vary, Cache-Control), as a flat name/value list. */
  headers?: readonly string[];
  /** The HTML's Content-Security-Policy when the caller has one prepared (a filled template's). */
  policy?: string;
}

/**
 * Writes a body made for this one response, uncompressed and without a validator. A chunk list is written corked,
 * so it leaves with the head in one `writev`. HTML gets `policy`, or one worked out from the body.
 */
export function sendBody(
  { req, res, headers }: Exchange,
  status: number,
  contentType: string,
  text: string | Buffer | readonly Buffer[],
  { headers: extra = [], policy }: BodyOptions = {},
): void {
  for (const value of extra) headers.push(value);
  const chunks = typeof text === 'string' ? [Buffer.from(text, 'utf8')] : Buffer.isBuffer(text) ? [text] : text;
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  headers.push('Content-Type', contentType, 'Content-Length', String(length));
  if (contentType.startsWith('text/html')) {
    const html = policy ?? contentSecurityPolicyFor(Buffer.concat(chunks).toString('utf8'));
    headers.push('Content-Security-Policy', html, ...PAGE_ISOLATION);
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return void res.end();
  if (chunks.length === 1) return void res.end(chunks[0]);
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  res.uncork();
}

/**
 * Writes a permanent redirect (RFC 9110 §15.4.2) to `location`, a path of this site with its query: the target
 * reference is relative, so it holds behind any proxy. A short body names it for a client that does not follow.
 */
export function sendRedirect(exchange: Exchange, location: string, cacheControl: string): void {
  const headers = ['Location', location, 'Cache-Control', cacheControl];
  sendBody(exchange, 301, 'text/plain; charset=utf-8', `Moved permanently to ${location}\n`, { headers });
}

/** Where a Problem is written: an exchange, or a bare response (a transport error, the origin). */
export type ProblemTarget = Pick<Exchange, 'res' | 'baseUrl'> & { headers?: readonly string[] };

/** Writes a Problem (RFC 9457) in one `writeHead`: the target's headers (unless already set on `res`), then its own. */
export function sendProblem({ res, baseUrl, headers = [] }: ProblemTarget, init: ProblemInit): void {
  const problem = buildProblem(baseUrl, init);
  const { body, headers: own } = serializeProblem(problem);
  const flat = [...headers];
  if (init.headers !== undefined) for (const [name, value] of new Headers(init.headers)) flat.push(name, value);
  for (const [name, value] of Object.entries(own)) flat.push(name, value);
  flat.push('Content-Length', String(Buffer.byteLength(body)));
  res.writeHead(problem.status, flat);
  res.end(body);
}
