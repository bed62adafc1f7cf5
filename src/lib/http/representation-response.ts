import { chooseEncoding, etagMatches } from './conditional.ts';
import { CODINGS, type Representation } from './representation.ts';

/** What differs between the users of a representation: cache policy and extra headers. */
export interface RepresentationResponseOptions {
  /** `Cache-Control` of the 200 and the 304. */
  cacheControl: string;
  /** Sent with the 200 and the 304 alike (Vary, Link…), as RFC 9110 §15.4.5 asks of a 304. */
  headers?: Record<string, string>;
}

/**
 * The response for a stored representation: the coding the client prefers (RFC 9110
 * §12.5.3) with its own ETag, or 304 when `If-None-Match` names the tag of this content in
 * any coding (RFC 9110 §13.1.2): the client holds the same content, decoded.
 */
export function representationResponse(
  representation: Representation,
  request: Request,
  options: RepresentationResponseOptions,
): Response {
  const coding = chooseEncoding(request.headers.get('accept-encoding') ?? undefined, CODINGS);
  const { body, etag } = coding === undefined ? representation.identity : representation[coding];
  const common: Record<string, string> = { ...options.headers, ETag: etag, 'Cache-Control': options.cacheControl };
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
