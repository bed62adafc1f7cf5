import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describeError, type Logger } from '../../lib/log/logger.ts';
import { connectionShareOf, SERVER_TIMEOUTS } from '../../lib/config/env-schema.ts';
import type { Config } from '../../lib/config/config.ts';
import { shareConnections } from './connection-share.ts';
import { trackDrain } from './drain-state.ts';
import { sendProblem } from './send.ts';
import { answerTransportErrors, refuseTimedOut, type TransportErrorOptions } from './transport-errors.ts';

/** A server, plus the switch a graceful shutdown turns first (see shutdown.ts; drain-state.ts does the rest). */
export interface DrainableServer {
  server: Server;
  /** From now on readiness probes get 503; every other request is served as before. */
  unready?(): void;
}

/** The timeouts and connection caps a deployment may set (KEEP_ALIVE_TIMEOUT_S, MAX_CONNECTIONS…); tests leave some out. */
export type ConfiguredTimeouts = Partial<
  Pick<
    Config,
    | 'keepAliveTimeoutMs'
    | 'socketTimeoutMs'
    | 'headersTimeoutMs'
    | 'unreadBodyGraceMs'
    | 'maxConnections'
    | 'maxConnectionsPerClient'
  >
>;

/** A `node:http` server with the project's timeouts and transport-level refusals, for the site and the origin alike. */
export function createHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
  options: TransportErrorOptions & { logger: Logger; timeouts?: ConfiguredTimeouts },
): Server {
  const { socketTimeout: defaultSocketTimeout, maxConnections, ...defaults } = SERVER_TIMEOUTS;
  const keepAliveTimeout = options.timeouts?.keepAliveTimeoutMs ?? SERVER_TIMEOUTS.keepAliveTimeout;
  const socketTimeout = options.timeouts?.socketTimeoutMs ?? defaultSocketTimeout;
  const headersTimeout = options.timeouts?.headersTimeoutMs ?? defaults.headersTimeout;
  // Node checks headersTimeout every connectionsCheckingInterval: often enough for a short one.
  const connectionsCheckingInterval = Math.min(defaults.connectionsCheckingInterval, Math.ceil(headersTimeout / 4));
  const timeouts = { ...defaults, headersTimeout, connectionsCheckingInterval };
  // Node would answer a missing Host and an unknown `Expect` with a bare status line: the
  // handler answers them instead, as every other request (logged, counted, with the headers).
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    admit(res);
    // RFC 9112 §3.2.2: a server MUST accept the absolute-form; its path is the resource.
    if (req.url !== undefined && !req.url.startsWith('/')) req.url = originForm(req.url);
    // Whatever a handler throws, synchronously or not: logged with its stack, answered
    // with a 500 Problem, never a hung request or a stack trace sent to the client.
    const fail = (error: unknown) => {
      options.logger.error('unhandled_exception', {
        method: req.method,
        path: req.url?.split('?', 1)[0],
        ...describeError(error),
      });
      if (res.headersSent) return void res.destroy();
      sendProblem(
        { res, baseUrl: options.baseUrl },
        {
          code: 'internal_error',
          detail: 'The server failed to handle this request.',
        },
      );
    };
    try {
      // A prepared representation is written synchronously; only a returned promise needs a catch.
      const pending = handler(req, res);
      if (pending !== undefined) pending.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
  const server = createServer({ ...timeouts, keepAliveTimeout, requireHostHeader: false }, listener);
  listeners.set(server, listener);
  server.maxConnections = options.timeouts?.maxConnections ?? maxConnections;
  const perClient = options.timeouts?.maxConnectionsPerClient ?? connectionShareOf(server.maxConnections, 0);
  // Before the drain counts connections: one refused here is no arrival that keeps a listener open.
  const dropped = logDroppedConnections(server, perClient, options.logger);
  shareConnections(server, perClient, dropped);
  // `Expect: 100-continue` (RFC 9110 §10.1.1): a handler that reads the body sends the 100
  // itself (the token endpoint); any other answer is final, sent without one.
  server.on('checkContinue', (req, res) => server.emit('request', req, res));
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  // Every response, whichever writer sends it, closes its connection once the server drains.
  const admit = trackDrain(server);
  server.keepAliveTimeout = keepAliveTimeout;
  server.timeout = socketTimeout;
  // Replaces Node's destroy on timeout so the cut is logged (`socket_timeout`), and half a request gets a 408 as
  // headersTimeout would.
  server.on('timeout', (socket: Socket) => {
    if (options.requestLog?.timedOut(socket) === true) return refuseTimedOut(socket, options);
    socket.destroy();
  });
  answerTransportErrors(server, options);
  return server;
}

/** The request listener of each server made here, for `injectRequest`. */
const listeners = new WeakMap<Server, (req: IncomingMessage, res: ServerResponse) => void>();

/** Light-my-request's options and reply, without loading it where nothing injects. */
export type InjectOptions = import('light-my-request').InjectOptions;
export type InjectResponse = import('light-my-request').Response;

/**
 * Sends a request through a server made by `createHttpServer` without a socket (light-my-request): everything a
 * request meets past the parser, the same as over a connection. For tests, and the bundled origin asked in-process.
 */
export async function injectRequest(server: Server, options: InjectOptions | string): Promise<InjectResponse> {
  const listener = listeners.get(server);
  if (listener === undefined) throw new Error('injectRequest: not a server of createHttpServer');
  const { default: inject } = await import('light-my-request');
  return inject(listener, options);
}

/** Most one `connections_dropped` line per this many ms: a flood of refused connections must not flood the log. */
const DROP_LOG_INTERVAL_MS = 10_000;

/**
 * Logs connections refused over `maxConnections` (Node closes them on accept) and over one address's share (the
 * returned callback), summed per interval.
 */
function logDroppedConnections(server: Server, perClient: number, logger: Logger): () => void {
  let dropped = 0;
  let overClientShare = 0;
  let timer: NodeJS.Timeout | undefined;
  const count = (overShare: boolean) => {
    dropped += 1;
    if (overShare) overClientShare += 1;
    timer ??= setTimeout(() => {
      const caps = { maxConnections: server.maxConnections, maxConnectionsPerClient: perClient };
      logger.error('connections_dropped', { count: dropped, overClientShare, ...caps });
      dropped = 0;
      overClientShare = 0;
      timer = undefined;
    }, DROP_LOG_INTERVAL_MS).unref();
  };
  server.on('drop', () => count(false));
  return () => count(true);
}

/** The origin-form of an absolute-form target; any other target as it is, for the handler to judge. */
function originForm(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}

/** Starts listening and resolves with `host:port` as bound (port 0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { address, port: bound, family } = server.address() as AddressInfo;
      resolve(family === 'IPv6' ? `[${address}]:${bound}` : `${address}:${bound}`);
    });
  });
}
