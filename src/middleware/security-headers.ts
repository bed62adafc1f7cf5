import type { MiddlewareHandler } from 'astro';
import { contentSecurityPolicyFor } from '../lib/http/content-security-policy.ts';

/**
 * Adds the strict Content-Security-Policy to HTML responses. The headers every response
 * needs (nosniff, CORS, HSTS…) are set by the server, which also answers static files.
 */
export function securityHeaders(): MiddlewareHandler {
  return async function securityHeadersStep(_context, next) {
    const response = await next();
    if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
    // The policy names the page's own inline scripts and style attributes by hash, so it
    // is read from the body (this path runs once per page and data version, not per request).
    const html = await response.text();
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicyFor(html));
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  };
}
