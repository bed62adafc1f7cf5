import { representationResponse } from '../http/representation-response.ts';
import { problemResponse } from '../problem/problem-response.ts';
import type { CacheLookup } from './catalog-cache.ts';
import type { CatalogBody } from './catalog-body.ts';
import type { CatalogService } from './catalog-service.ts';
import { UpstreamError } from './fetch-upstream-catalog.ts';
import { parseTemplate } from './parse-template.ts';

/** Whole seconds a looked-up catalog stays fresh in the server's cache; 0 once past its TTL. */
export const freshnessLeftS = (service: CatalogService, lookup: CacheLookup<CatalogBody>): number =>
  lookup.state === 'stale' || lookup.state === 'revalidating'
    ? 0
    : Math.max(0, Math.floor(service.ttlS - lookup.ageMs / 1000));

/**
 * `Cache-Control` of a catalog response, matching the server's own cache (RFC 5861):
 * shared caches may keep it for what is left of our freshness, serve it while they
 * revalidate in the background for as long as we do, and fall back to it on errors as
 * long as we would. A directive whose window is 0 is left out.
 */
export function catalogCacheControl(service: CatalogService, lookup: CacheLookup<CatalogBody>): string {
  const directives = [`public`, `max-age=${freshnessLeftS(service, lookup)}`];
  if (service.staleWhileRevalidateS > 0) directives.push(`stale-while-revalidate=${service.staleWhileRevalidateS}`);
  if (service.staleIfErrorS > 0) directives.push(`stale-if-error=${service.staleIfErrorS}`);
  return directives.join(', ');
}

/**
 * Answers `GET|HEAD /v1/biomarkers/public` (spec 4.1): validates `template` before any
 * upstream call, then serves the cached, validated catalog in the client's preferred
 * coding, with a strong ETag and 304 for a matching `If-None-Match`. Any
 * `Authorization` header is ignored (spec section 5).
 */
export async function serveCatalog(request: Request, service: CatalogService, baseUrl: string): Promise<Response> {
  const url = new URL(request.url);
  const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1).split('#', 1)[0]! : '';
  const parsed = parseTemplate(rawQuery);
  if (!parsed.ok) {
    return problemResponse(baseUrl, { code: 'bad_request', detail: parsed.detail, instance: url.pathname });
  }
  let lookup: CacheLookup<CatalogBody>;
  try {
    lookup = await service.cache.get(parsed.template);
    service.metrics?.observeCatalogLookup(parsed.template, lookup.state, lookup.ageMs);
  } catch (error) {
    service.metrics?.observeCatalogLookup(parsed.template, 'failed');
    const detail = error instanceof UpstreamError ? error.message : 'The catalog origin failed.';
    return problemResponse(baseUrl, {
      code: 'bad_gateway',
      detail: `${detail} No cached copy of ${parsed.template} is recent enough to serve instead.`,
      instance: url.pathname,
    });
  }
  return representationResponse(lookup.value.representation, request, {
    headers: { Vary: 'Accept-Encoding' },
    cacheControl: catalogCacheControl(service, lookup),
  });
}
