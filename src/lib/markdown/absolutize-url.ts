/**
 * Makes a link target of the page at `pagePath` absolute on `baseUrl`: `/auth` and
 * `#errors` become `{baseUrl}/auth` and `{baseUrl}{pagePath}#errors` (RFC 3986 §5.2).
 * Absolute URLs (`https:`, `mailto:`) are left as they are.
 */
export function absolutizeUrl(url: string, baseUrl: string, pagePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return new URL(url, `${baseUrl}${pagePath}`).href;
}
