/** A component with `+` as space and percent-escapes decoded; most have neither, and are taken as they are. */
const decodeComponent = (raw: string): string =>
  raw.includes('%') || raw.includes('+') ? decodeURIComponent(raw.replaceAll('+', ' ')) : raw;

/**
 * The name/value pairs of an `application/x-www-form-urlencoded` string (WHATWG URL §5.1), in order, duplicates kept;
 * unlike URLSearchParams, a bad escape is refused (the first such pair is returned), not replaced.
 */
export function decodeFormPairs(text: string): { pairs: Array<[name: string, value: string]> } | { malformed: string } {
  const pairs: Array<[string, string]> = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const [rawName, rawValue] = equals === -1 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)];
    try {
      pairs.push([decodeComponent(rawName), decodeComponent(rawValue)]);
    } catch {
      return { malformed: part };
    }
  }
  return { pairs };
}
