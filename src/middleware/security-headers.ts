import type { MiddlewareHandler } from 'astro';
import { HTML_CONTENT_SECURITY_POLICY } from '../lib/http/baseline-headers.ts';

/**
 * Adds the strict Content-Security-Policy to HTML responses. The headers every response
 * needs (nosniff, CORS, HSTS…) are set by the server, which also answers static files.
 */
export function securityHeaders(): MiddlewareHandler {
  return async function securityHeadersStep(_context, next) {
    const response = await next();
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      response.headers.set('Content-Security-Policy', HTML_CONTENT_SECURITY_POLICY);
    }
    return response;
  };
}
