import { etagMatches } from '../http/conditional.ts';
import type { Representation } from './openapi-representations.ts';
import { OPENAPI_CACHE_CONTROL } from './paths/openapi-paths.ts';

/**
 * Answers `GET|HEAD /openapi.json` and `/api/openapi.yaml` (spec 4.2) from a representation
 * serialised once: 200 with a strong `ETag`, or 304 when `If-None-Match` matches it.
 * Astro answers HEAD with this handler and drops the body.
 */
export function serveOpenApi(request: Request, representation: Representation): Response {
  const headers = new Headers({ ETag: representation.etag, 'Cache-Control': OPENAPI_CACHE_CONTROL });
  if (etagMatches(request.headers.get('if-none-match') ?? undefined, representation.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Type', representation.contentType);
  headers.set('Content-Length', String(representation.body.length));
  return new Response(new Uint8Array(representation.body), { status: 200, headers });
}
