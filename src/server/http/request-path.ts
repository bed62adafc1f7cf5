/**
 * The path of an origin-form target (RFC 9112 §3.2.1), or undefined when it is malformed, badly encoded or holds a
 * NUL.
 */
export function requestPath(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/')) return undefined;
  // `//host` is not a path, and URL parsers read `/\` as `//` in an http(s) URL (WHATWG URL §4.4).
  if (target[1] === '/' || target[1] === '\\') return undefined;
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  // Runs for every request: only a path with percent-escapes needs decoding to be checked
  // (Node's parser already refuses raw control characters in the request line).
  if (!path.includes('%')) return path;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  return path;
}

/** The query of a request target, without its `?`; empty when it has none. */
export function queryOf(target = ''): string {
  const query = target.indexOf('?');
  return query === -1 ? '' : target.slice(query + 1);
}

/** Characters the WHATWG URL parser keeps as they are in a path: unreserved, sub-delims, `:`, `@`, `/`, `%`. */
const KEPT_AS_IS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
/** A `.` or `..` segment, plain or percent-encoded, which the parser resolves (WHATWG URL §4.1). */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/** `new URL(path, baseUrl).pathname`, the path Astro routes; parsed only when not already in that form. */
export function urlPathname(path: string, baseUrl: string): string {
  if (KEPT_AS_IS.test(path) && !DOT_SEGMENT.test(path)) return path;
  try {
    return new URL(path, baseUrl).pathname;
  } catch {
    // A path the parser cannot resolve routes nowhere: the caller answers 404, never 500.
    return path;
  }
}
