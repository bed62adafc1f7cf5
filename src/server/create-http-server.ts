import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describeError, type Logger } from '../lib/log/logger.ts';
import { sendProblem } from './send-problem.ts';
import { answerTransportErrors, refuseTimedOut, type TransportErrorOptions } from './transport-errors.ts';

/** Server timeouts: slow or idle clients are cut off in bounded time (see docs/deployment.md). */
export const SERVER_TIMEOUTS = {
  /** Whole header section, from the first byte (Node also answers 408 past it). */
  headersTimeout: 10_000,
  /** Whole request, body included. */
  requestTimeout: 30_000,
  /** Idle time allowed between requests on a kept-alive connection. */
  keepAliveTimeout: 5_000,
  /**
   * Inactivity of any socket. headersTimeout alone only catches connections that keep
   * sending header bytes: one that sends nothing, or half a request and then nothing,
   * stayed open indefinitely (measured on Node 24), so sockets also time out when silent.
   */
  socketTimeout: 10_000,
  maxHeaderSize: 16 * 1024,
  // Node checks headersTimeout and requestTimeout every 30 s by default; check every second.
  connectionsCheckingInterval: 1_000,
} as const;

/** A server, plus a switch that makes every later response close its connection. */
export interface DrainableServer {
  server: Server;
  drain(): void;
}

/**
 * A `node:http` server with the project's timeouts and transport-level refusals, used by
 * the site and by the catalog origin alike.
 */
export function createHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
  options: TransportErrorOptions & { logger: Logger },
): Server {
  const { socketTimeout, ...timeouts } = SERVER_TIMEOUTS;
  const server = createServer(timeouts, (req, res) => {
    // Whatever a handler throws, synchronously or not: logged with its stack, answered
    // with a 500 Problem, never a hung request or a stack trace sent to the client.
    const fail = (error: unknown) => {
      options.logger.error('unhandled_exception', {
        method: req.method,
        path: req.url?.split('?', 1)[0],
        ...describeError(error),
      });
      if (res.headersSent) return void res.destroy();
      sendProblem(res, options.baseUrl, {
        code: 'internal_error',
        detail: 'The server failed to handle this request.',
      });
    };
    try {
      // A handler answers the fast path synchronously; only a returned promise needs a catch.
      const pending = handler(req, res);
      if (pending !== undefined) pending.catch(fail);
    } catch (error) {
      fail(error);
    }
  });
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  server.timeout = socketTimeout;
  // A listener replaces Node's own destroy on timeout. A request in flight is then logged as
  // cut by `socket_timeout`; half a request with no response yet is refused with a 408, as
  // headersTimeout would (whichever check comes first), so it leaves a line too.
  server.on('timeout', (socket: Socket) => {
    if (options.requestLog?.timedOut(socket) === true) return refuseTimedOut(socket, options);
    socket.destroy();
  });
  answerTransportErrors(server, options);
  return server;
}
