/** Methods of every page: RFC 9110 §9.3.2, HEAD wherever GET is served. */
export const PAGE_METHODS = ['GET', 'HEAD'] as const;

/**
 * Methods served by each API route (the paths of the OpenAPI document), keyed by Astro
 * route pattern. Pages and site documents (llms.txt, sitemap.xml, robots.txt) are not
 * listed: they serve PAGE_METHODS. The 405 guard and the `Allow` header read this table.
 */
export const API_ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/v1/biomarkers/public': ['GET', 'HEAD'],
  '/oauth/token': ['POST'],
  '/openapi.json': ['GET', 'HEAD'],
  '/api/openapi.yaml': ['GET', 'HEAD'],
  '/.well-known/oauth-authorization-server': ['GET', 'HEAD'],
  '/.well-known/oauth-protected-resource': ['GET', 'HEAD'],
  '/healthz': ['GET', 'HEAD'],
};

/** The methods a matched route serves, OPTIONS excluded (preflights are answered separately). */
export function allowedMethods(routePattern: string): readonly string[] {
  return API_ROUTE_METHODS[routePattern] ?? PAGE_METHODS;
}

/** The `Allow` header value for a route (RFC 9110 §10.2.1), OPTIONS included. */
export function allowHeader(routePattern: string): string {
  return [...allowedMethods(routePattern), 'OPTIONS'].join(', ');
}
