/**
 * `scheme://` followed by an authority holding a `@`: the userinfo runs up to the last `@`
 * before the path, query or fragment (WHATWG URL §4.4, authority state), so a password
 * with an unencoded `@` is covered whole.
 */
const USERINFO = /([a-z][a-z\d+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * Replaces the `user:password@` of every URL in `text` with `***@`, so a URL from the
 * configuration never repeats its credentials in an error message or a log line.
 */
export const redactUrlCredentials = (text: string): string => text.replace(USERINFO, '$1***@');
