import { chooseEncoding, etagMatches } from '../http/conditional.ts';
import { PAGE_CODINGS, type Representation } from './representation.ts';

/** How long shared and private caches may reuse a page without asking again. */
export const PAGE_CACHE_CONTROL = 'public, max-age=300';

/**
 * The response for a stored representation: the coding the client prefers
 * (RFC 9110 §12.5.3), 304 when `If-None-Match` names its tag (RFC 9110 §13.1.2),
 * and `headers` (Vary, Link…) and `cacheControl` on both, as RFC 9110 §15.4.5 asks of a 304.
 */
export function representationResponse(
  representation: Representation,
  request: Request,
  headers: Record<string, string>,
  cacheControl = PAGE_CACHE_CONTROL,
): Response {
  const chosen = chooseEncoding(request.headers.get('accept-encoding') ?? undefined, PAGE_CODINGS);
  const coding = PAGE_CODINGS.find((candidate) => candidate === chosen);
  const { body, etag } = coding === undefined ? representation.identity : representation[coding];
  const common: Record<string, string> = { ...headers, ETag: etag, 'Cache-Control': cacheControl };
  if (etagMatches(request.headers.get('if-none-match') ?? undefined, etag)) {
    return new Response(null, { status: 304, headers: common });
  }
  return new Response(body, {
    status: 200,
    headers: {
      ...common,
      'Content-Type': representation.contentType,
      'Content-Length': String(body.byteLength),
      ...(coding === undefined ? {} : { 'Content-Encoding': coding }),
    },
  });
}
