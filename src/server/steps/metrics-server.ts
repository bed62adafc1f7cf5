import { createServer, type Server } from 'node:http';
import { shareConnections } from '../http/connection-share.ts';
import { sendAnswer } from '../http/send.ts';
import type { Socket } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../../lib/log/logger.ts';

/** The scrape path, on the metrics port only (the public port answers 404 for it). */
const METRICS_PATH = '/metrics';

/** How long a scraper's connection may take and how many may be open; injectable so tests run fast. */
export interface MetricsServerLimits {
  /** Whole request head, from its first byte (Node answers 408 past it). */
  headersTimeoutMs: number;
  /** Whole request. */
  requestTimeoutMs: number;
  /** Idle time between two scrapes on one connection. */
  keepAliveTimeoutMs: number;
  /** Silence on a socket, mid-request or before its first byte. */
  socketTimeoutMs: number;
  /** Connections open at once; more are refused (closed on accept). */
  maxConnections: number;
  /** Of those, the most one peer address holds, so another peer (the scraper) always finds one free. */
  maxConnectionsPerClient: number;
}

/**
 * A scrape is one small request every 15 s or so from one or two Prometheus servers: seconds are plenty, and a
 * handful of connections, a quarter of them at most from one address. Node's defaults (a minute of headers, 5 minutes per request, no connection cap) would let
 * anyone who reaches the port hold sockets open for minutes.
 */
const METRICS_SERVER_LIMITS: MetricsServerLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  socketTimeoutMs: 5_000,
  maxConnections: 16,
  maxConnectionsPerClient: 4,
};

/**
 * `GET|HEAD /metrics` on its own port (loopback by default), without rate limit or CORS headers, with short
 * timeouts and a small connection cap shared out per address; refused, timed-out and dropped connections are logged.
 */
export function createMetricsServer(
  registry: Registry,
  logger: Logger,
  limits: MetricsServerLimits = METRICS_SERVER_LIMITS,
): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above this often (30 s by default): a short one needs a short interval.
      connectionsCheckingInterval: Math.max(50, Math.ceil(limits.headersTimeoutMs / 4)),
    },
    (req, res) => {
      const path = req.url?.split('?', 1)[0];
      const exchange = { req, res, headers: [] };
      const plain = (status: number, body: string, extra: string[] = []) =>
        sendAnswer(exchange, { status, headers: ['Content-Type', 'text/plain', ...extra], body });
      if (path !== METRICS_PATH) return plain(404, 'Not found\n');
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'GET or HEAD\n', ['Allow', 'GET, HEAD']);
      registry.metrics().then(
        (text) => {
          const headers = ['Content-Type', registry.contentType, 'Cache-Control', 'no-store'];
          sendAnswer(exchange, { status: 200, headers, body: text });
        },
        (error: unknown) => {
          logger.error('metrics_failed', { message: String(error) });
          plain(500, 'Metrics failed\n');
        },
      );
    },
  );
  server.maxConnections = limits.maxConnections;
  server.timeout = limits.socketTimeoutMs;
  shareConnections(server, limits.maxConnectionsPerClient, (socket) =>
    logger.error('metrics_connection_dropped', {
      remoteAddress: socket.remoteAddress,
      maxPerClient: limits.maxConnectionsPerClient,
    }),
  );
  watchMetricsConnections(server, logger);
  return server;
}

/** Logs what the metrics server cuts or refuses: a parse error, a timeout, a connection over the cap. */
function watchMetricsConnections(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    logger.error('metrics_client_error', { code: error.code ?? 'unknown', message: error.message });
    if (!socket.writable || socket.bytesWritten > 0) return void socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
  });
  server.on('timeout', (socket: Socket) => {
    logger.error('metrics_socket_timeout', { remoteAddress: socket.remoteAddress });
    socket.destroy();
  });
  server.on('drop', (data?: { remoteAddress?: string }) => {
    logger.error('metrics_connection_dropped', { remoteAddress: data?.remoteAddress, max: server.maxConnections });
  });
}
