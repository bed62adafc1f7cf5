/** A character RFC 6749 §5.2 does not allow in `error_description` (outside %x20-21 / %x23-5B / %x5D-7E). */
const DISALLOWED = /[^\x20-\x21\x23-\x5B\x5D-\x7E]/gu;

/** Longest piece of client input repeated in a description. */
const MAX_ECHO = 40;

/**
 * Makes any text a valid `error_description`: every character outside the RFC 6749 §5.2 set
 * (non-ASCII, controls, `"` and `\`) becomes `?`, so no client input is ever echoed raw.
 */
export function toErrorDescription(text: string): string {
  const ascii = text.replace(DISALLOWED, '?');
  return ascii.length === 0 ? '?' : ascii;
}

/** Client input quoted for a description: single quotes, sanitised, at most 40 characters. */
export function quoteInput(value: string): string {
  const chars = Array.from(value);
  const shown = chars.length > MAX_ECHO ? `${chars.slice(0, MAX_ECHO).join('')}...` : value;
  return `'${toErrorDescription(shown)}'`;
}
