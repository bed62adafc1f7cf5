import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { rateLimitKey } from '../../lib/http/client-address.ts';
import { buildProblem, serializeProblem, type ProblemInit } from '../../lib/http/problem-details.ts';
import type { FixedWindowLimiter } from '../../lib/rate-limit/fixed-window-limiter.ts';
import { rateLimitHeaders } from '../../lib/rate-limit/headers.ts';
import { rateLimitedDetail } from '../steps/rate-limit.ts';
import type { RequestLog } from '../steps/request-log.ts';
import { connectionRefused } from './drain-state.ts';

/** What a transport-level refusal needs to look like every other response. */
export interface TransportErrorOptions {
  baseUrl: string;
  /** The quota a refused request costs its sender, keyed by the connection's peer (its headers were never parsed). */
  limiter: FixedWindowLimiter;
  baseline: ReadonlyArray<readonly [string, string]>;
  /** Where refusals are logged, each with a request id; none in some unit tests. */
  requestLog?: RequestLog;
}

/** A refusal's Problem, and the reason its log line gives. */
type Refusal = Omit<ProblemInit, 'headers'> & { reason: string };

/** The Problem for a request Node's parser refused before any handler saw it. */
function problemFor(code: string | undefined): Refusal {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        code: 'bad_request',
        status: 431,
        detail: 'The request headers exceed 16 KiB.',
        reason: 'headers_too_large',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        code: 'bad_request',
        status: 408,
        detail: 'The request was not received in time.',
        reason: 'request_timeout',
      };
    case 'HPE_INVALID_METHOD':
      return {
        code: 'bad_request',
        detail: 'The request method is not a method this server knows.',
        reason: 'invalid_method',
      };
    default:
      // Node's parser error code (e.g. HPE_INVALID_HEADER_TOKEN) says what was malformed.
      return {
        code: 'bad_request',
        detail: 'The request is not well-formed HTTP/1.1.',
        reason: `malformed:${code ?? 'unknown'}`,
      };
  }
}

/**
 * Writes a complete Problem response on a raw socket and closes it. The request costs its sender one request of the
 * quota, like any other: keyed by the connection's peer, since no `X-Forwarded-For` was parsed (behind a proxy, the
 * proxy pays). Past the quota the answer is the 429 every other request gets, whatever was malformed.
 */
function refuse(socket: Duplex, options: TransportErrorOptions, refusal: Refusal, extra: string[] = []): void {
  const address = 'remoteAddress' in socket ? String(socket.remoteAddress ?? 'unknown') : 'unknown';
  const decision = options.limiter.take(rateLimitKey(address));
  const { reason, ...init }: Refusal = decision.allowed
    ? refusal
    : { code: 'rate_limited', detail: rateLimitedDetail(decision), reason: refusal.reason };
  const problem = buildProblem(options.baseUrl, init);
  const requestId = options.requestLog?.nextId();
  const { body, headers } = serializeProblem(problem);
  const lines = [
    ...options.baseline.map(([name, value]) => `${name}: ${value}`),
    ...rateLimitHeaders(decision).map(([name, value]) => `${name}: ${value}`),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(decision.allowed ? extra : []),
    ...(requestId === undefined ? [] : [`X-Request-Id: ${requestId}`]),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  const response = `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
  // A connection closed by a refusal before any request of its own is no arrival a drain waits for.
  connectionRefused(socket);
  // end() alone only half-closes: a client still sending would keep the socket open.
  socket.end(response, () => socket.destroy());
  if (requestId !== undefined) {
    options.requestLog?.refused(address, requestId, problem.status, reason, Buffer.byteLength(response));
  }
}

/** Refuses half a request cut by the socket's inactivity timeout with a 408 Problem. */
export function refuseTimedOut(socket: Duplex, options: TransportErrorOptions): void {
  if (!socket.writable) return void socket.destroy();
  refuse(socket, options, { ...problemFor('ERR_HTTP_REQUEST_TIMEOUT'), reason: 'socket_timeout' });
}

/**
 * Answers what Node refuses below the handler (431, 408, 400, and 405 for `CONNECT`) with the same Problem and
 * headers as every other response instead of a bare status line, then closes the connection.
 */
export function answerTransportErrors(server: Server, options: TransportErrorOptions): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    refuse(socket, options, problemFor(error.code));
  });
  server.on('connect', (_req, socket: Duplex) => {
    const detail = 'CONNECT is not supported: this server is not a proxy.';
    const refusal = { code: 'method_not_allowed', detail, reason: 'connect_method' } as const;
    refuse(socket, options, refusal, ['Allow: GET, HEAD, POST, OPTIONS']);
  });
}
