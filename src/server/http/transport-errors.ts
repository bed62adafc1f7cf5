import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { SERVER_TIMEOUTS } from '../../lib/config/env-schema.ts';
import { rateLimitKey } from '../../lib/http/client-address.ts';
import { buildProblem, serializeProblem, type ProblemInit } from '../../lib/http/problem-details.ts';
import type { InstanceLimiter } from '../../lib/rate-limit/limiter.ts';
import { rateLimitHeaders } from '../../lib/rate-limit/headers.ts';
import { rateLimitedDetail } from '../steps/rate-limit.ts';
import type { RequestLog } from '../steps/request-log.ts';
import { connectionRefused } from './drain-state.ts';

/** What a transport-level refusal needs to look like every other response. */
export interface TransportErrorOptions {
  baseUrl: string;
  /** The quota a refused request costs its sender, keyed by the connection's peer (its headers were never parsed). */
  limiter: InstanceLimiter;
  baseline: ReadonlyArray<readonly [string, string]>;
  /** Where refusals are logged, each with a request id; none in some unit tests. */
  requestLog?: RequestLog;
}

/** A refusal's Problem, and the reason its log line gives. */
type Refusal = Omit<ProblemInit, 'headers'> & { reason: string };

/** The most a request head may take, request line and header fields together (Node's `maxHeaderSize`). */
const HEAD_LIMIT = SERVER_TIMEOUTS.maxHeaderSize;

/** A request not received within its deadline. */
const REQUEST_TIMEOUT: Refusal = {
  code: 'bad_request',
  status: 408,
  detail: 'The request was not received in time.',
  reason: 'request_timeout',
};

/** A method token and the space after it (RFC 9110 §9.1, RFC 9112 §3): what begins a request line. */
const REQUEST_LINE_START = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /;

/**
 * The length of the request line that begins `packet`, or undefined when the bytes Node's parser was handed when it
 * failed do not begin one (a head that arrived in pieces). Without its CRLF in them, it is at least all of them.
 */
function requestLineLength(packet: Buffer | undefined): number | undefined {
  if (packet === undefined || !REQUEST_LINE_START.test(packet.subarray(0, 64).toString('latin1'))) return undefined;
  const end = packet.indexOf('\r\n');
  return end === -1 ? packet.length : end;
}

/**
 * The Problem for a request Node's parser refused before any handler saw it. Its head is bounded as a whole
 * (`HEAD_LIMIT`): the request line is the part to blame, with 414 (RFC 9112 §3), when it takes more than half.
 */
function problemFor(error: ParserError): Refusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      if ((requestLineLength(error.rawPacket) ?? 0) > HEAD_LIMIT / 2) {
        const detail = `The request-target is too long: the request line exceeds ${HEAD_LIMIT / 2048} KiB.`;
        return { code: 'bad_request', status: 414, detail, reason: 'target_too_long' };
      }
      return {
        code: 'bad_request',
        status: 431,
        detail: `The request line and headers exceed ${HEAD_LIMIT / 1024} KiB.`,
        reason: 'headers_too_large',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return REQUEST_TIMEOUT;
    case 'HPE_INVALID_METHOD':
      // RFC 9110 §9.1: a method the server does not recognise is a 501. Node's parser knows the methods it
      // parses; bytes that are no method token at all (a TLS handshake on the plain port) stay malformed.
      if (requestLineLength(error.rawPacket) !== undefined) {
        const detail = 'The request method is not one this server implements: it serves GET, HEAD, POST and OPTIONS.';
        return { code: 'not_implemented', detail, reason: 'unknown_method' };
      }
      return { code: 'bad_request', detail: 'The request does not begin with a method.', reason: 'invalid_method' };
    default:
      // Node's parser error code (e.g. HPE_INVALID_HEADER_TOKEN) says what was malformed.
      return {
        code: 'bad_request',
        detail: 'The request is not well-formed HTTP/1.1.',
        reason: `malformed:${error.code ?? 'unknown'}`,
      };
  }
}

/** What Node's `clientError` carries: the parser's code, and the bytes it was parsing when it failed. */
type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer };

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
  refuse(socket, options, { ...REQUEST_TIMEOUT, reason: 'socket_timeout' });
}

/**
 * Answers what Node refuses below the handler (400, 408, 414, 431, 501, and 405 for `CONNECT`) with the same Problem
 * and headers as every other response instead of a bare status line, then closes the connection.
 */
export function answerTransportErrors(server: Server, options: TransportErrorOptions): void {
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    refuse(socket, options, problemFor(error));
  });
  server.on('connect', (_req, socket: Duplex) => {
    const detail = 'CONNECT is not supported: this server is not a proxy.';
    const refusal = { code: 'method_not_allowed', detail, reason: 'connect_method' } as const;
    refuse(socket, options, refusal, ['Allow: GET, HEAD, POST, OPTIONS']);
  });
}
