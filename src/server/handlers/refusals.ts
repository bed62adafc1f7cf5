import type { IncomingMessage } from 'node:http';
import { allowHeader } from '../routes.ts';
import { sendEmpty, sendProblem, type Exchange } from '../http/send.ts';

/** Methods the Fetch standard forbids in a Request (Fetch §2.2.1); TRACE could only echo a request. */
const FETCH_FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** The methods some resource of the site serves: the answer to `OPTIONS *`. */
const SERVER_METHODS = 'GET, HEAD, POST, OPTIONS';

/** What makes a request unanswerable (RFC 9112 §3.2: one `Host`; RFC 9110 §10.1.1: only 100-continue), as a Problem. */
function malformedRequest(req: IncomingMessage): Parameters<typeof sendProblem>[1] | undefined {
  let hosts = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1 || (hosts === 0 && req.httpVersion === '1.1')) {
    return { code: 'bad_request', detail: 'An HTTP/1.1 request carries exactly one Host header (RFC 9112 §3.2).' };
  }
  const expect = req.headers.expect;
  if (expect !== undefined && expect.toLowerCase() !== '100-continue') {
    return { code: 'bad_request', status: 417, detail: 'The only expectation this server meets is 100-continue.' };
  }
  return undefined;
}

/** The 405 (RFC 9110 §15.5.6: it MUST carry Allow). */
export const answerMethodNotAllowed = (exchange: Exchange, target: string, detail: string): void =>
  sendProblem(exchange, {
    code: 'method_not_allowed',
    detail,
    instance: target,
    headers: { Allow: allowHeader(target) },
  });

/**
 * Answers what no route can serve, whatever its path: a malformed request (400, 417), `OPTIONS *`, a target that is
 * no path (400), a method Fetch forbids (405). Returns the target when the request goes on to its route.
 */
export function routableTarget(exchange: Exchange, target: string | undefined): string | undefined {
  const method = exchange.req.method ?? 'GET';
  const malformed = malformedRequest(exchange.req);
  if (malformed !== undefined) return void sendProblem(exchange, malformed);
  if (exchange.req.url === '*' && method === 'OPTIONS') {
    // RFC 9110 §9.3.7: `OPTIONS *` asks about the server, not a resource.
    return void sendEmpty(exchange, 204, ['Allow', SERVER_METHODS]);
  }
  // `//host` after dot segments resolve is a network-path reference, not a path (RFC 3986 §4.2).
  if (target === undefined || target.startsWith('//')) {
    const detail = 'The request target is not a valid, percent-encoded URL path.';
    return void sendProblem(exchange, { code: 'bad_request', detail });
  }
  if (FETCH_FORBIDDEN_METHODS.has(method)) {
    return void answerMethodNotAllowed(exchange, target, `${method} is not supported by this service.`);
  }
  return target;
}
