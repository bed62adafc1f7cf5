import { representationResponse } from '../http/representation-response.ts';
import type { Representation } from '../http/representation.ts';
import { OPENAPI_CACHE_CONTROL } from '../http/cache-control.ts';

/**
 * Answers `GET|HEAD /openapi.json` and `/api/openapi.yaml` (spec 4.2) from a representation
 * serialised and compressed once: 200 with a strong `ETag` per coding, or 304 when
 * `If-None-Match` matches it. Astro answers HEAD with this handler and drops the body.
 */
export const serveOpenApi = (request: Request, representation: Representation): Response =>
  representationResponse(representation, request, {
    headers: { Vary: 'Accept-Encoding' },
    cacheControl: OPENAPI_CACHE_CONTROL,
  });
