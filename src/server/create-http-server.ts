import { createServer, type RequestListener, type Server } from 'node:http';
import { answerTransportErrors, type TransportErrorOptions } from './transport-errors.ts';

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
export function createHttpServer(listener: RequestListener, errors: TransportErrorOptions): Server {
  const { socketTimeout, ...options } = SERVER_TIMEOUTS;
  const server = createServer(options, listener);
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  server.timeout = socketTimeout;
  answerTransportErrors(server, errors);
  return server;
}
