/**
 * The path of a request target, or undefined when it is not a valid origin-form target
 * (RFC 9112 §3.2.1), its percent-encoding does not decode, or it smuggles a NUL.
 */
export function requestPath(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//')) return undefined;
  const path = target.split('?', 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  return path;
}
