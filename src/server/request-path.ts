/**
 * The path of a request target, or undefined when it is not a valid origin-form target
 * (RFC 9112 §3.2.1), its percent-encoding does not decode, or it smuggles a NUL.
 */
export function requestPath(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//')) return undefined;
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
