import type { IncomingMessage, ServerResponse } from 'node:http';

/** A route written against the Fetch standard: `Request → Response` (the token endpoint). */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The request as a Fetch `Request`, its body streamed from the socket as it arrives (never buffered here). */
function toRequest(req: IncomingMessage, baseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  // `duplex: 'half'` is what Fetch requires of a streamed request body (Fetch §5.3).
  const init = withBody ? { body: req as unknown as ReadableStream, duplex: 'half' } : {};
  return new Request(new URL(req.url ?? '/', baseUrl), { method, headers, ...init } as RequestInit);
}

/**
 * Answers a request with a Fetch handler from `src/lib` (as an Astro route would call it, without
 * Astro): `base` first, then the handler's status, headers and body in one `writeHead` and `end`.
 * The answers are small (an OAuth token or error), so the body is read whole.
 */
export async function answerFetchHandler(
  req: IncomingMessage,
  res: ServerResponse,
  base: string[],
  baseUrl: string,
  handler: FetchHandler,
): Promise<void> {
  const response = await handler(toRequest(req, baseUrl));
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...base];
  for (const [name, value] of response.headers) headers.push(name, value);
  headers.push('Content-Length', String(body.length));
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
