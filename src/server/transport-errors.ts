import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { rateLimitKey } from '../lib/http/client-address.ts';
import { buildProblem, serializeProblem, type ProblemInit } from '../lib/problem/problem-response.ts';
import type { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { rateLimitHeaders } from '../lib/rate-limit/headers.ts';

/** What a transport-level refusal needs to look like every other response. */
export interface TransportErrorOptions {
  baseUrl: string;
  limiter: FixedWindowLimiter;
  baseline: ReadonlyArray<readonly [string, string]>;
}

/** The Problem for a request Node's parser refused before any handler saw it. */
function problemFor(code: string | undefined): Omit<ProblemInit, 'headers'> {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'bad_request', status: 431, detail: 'The request headers exceed 16 KiB.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'bad_request', status: 408, detail: 'The request was not received in time.' };
    case 'HPE_INVALID_METHOD':
      return { code: 'bad_request', detail: 'The request method is not a method this server knows.' };
    default:
      return { code: 'bad_request', detail: 'The request is not well-formed HTTP/1.1.' };
  }
}

/** Writes a complete Problem response on a raw socket and closes it. */
function refuse(
  socket: Duplex,
  options: TransportErrorOptions,
  init: Omit<ProblemInit, 'headers'>,
  extra: string[] = [],
): void {
  const problem = buildProblem(options.baseUrl, init);
  const { body, headers } = serializeProblem(problem);
  const address = 'remoteAddress' in socket ? String(socket.remoteAddress ?? 'unknown') : 'unknown';
  // The request was never parsed, so it is not counted; the client still sees its budget.
  const lines = [
    ...options.baseline.map(([name, value]) => `${name}: ${value}`),
    ...rateLimitHeaders(options.limiter.peek(rateLimitKey(address))).map(([name, value]) => `${name}: ${value}`),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...extra,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  // end() alone only half-closes: a client still sending would keep the socket open.
  socket.end(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`, () =>
    socket.destroy(),
  );
}

/**
 * Answers what Node refuses below the request handler — oversized headers (431), a
 * request not received in time (408), an unknown method or malformed HTTP (400), and
 * `CONNECT` (405, this is no proxy) — with the same Problem and headers as every other
 * response, instead of Node's bare status line, and closes the connection.
 */
export function answerTransportErrors(server: Server, options: TransportErrorOptions): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    refuse(socket, options, problemFor(error.code));
  });
  server.on('connect', (_req, socket: Duplex) => {
    const detail = 'CONNECT is not supported: this server is not a proxy.';
    refuse(socket, options, { code: 'method_not_allowed', detail }, ['Allow: GET, HEAD, POST, OPTIONS']);
  });
}
