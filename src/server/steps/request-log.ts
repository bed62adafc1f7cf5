import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CATALOG_PATH } from '../../lib/schemas/catalog.ts';
import { parseTemplate } from '../../lib/catalog/parse-template.ts';
import { logAddress } from '../../lib/http/client-address.ts';
import { acceptedRequestId, createRequestIdGenerator } from '../../lib/http/request-id.ts';
import type { Logger } from '../../lib/log/logger.ts';
import type { RequestObservation } from '../../lib/metrics/service-metrics.ts';
import { queryOf } from '../http/request-path.ts';
import { memoizeByHeader } from '../http/send.ts';

/** nginx's status for a request the client closed before the response was complete. */
const CLIENT_CLOSED_STATUS = 499;

/** How a server logs its requests. */
export interface RequestLogOptions {
  logger: Logger;
  service: 'site' | 'origin';
  trustProxy: number;
  /** `truncated` keeps the /24 or /48 of the client's address, `full` all of it. */
  clientAddress: 'truncated' | 'full';
  /** Told of every request once it is over (metrics); must be cheap. */
  observe?: (request: RequestObservation) => void;
}

/** One log line per request, whichever way it ends. */
export interface RequestLog {
  /**
   * Gives the request its id (a trusted proxy's, or a new one) and logs it when it ends; `route` is its metrics label,
   * `started` when it began (now by default; earlier when it waited for the shared rate-limit store).
   */
  begin(
    req: IncomingMessage,
    res: ServerResponse,
    path: string | undefined,
    address: string,
    route: string,
    started?: number,
  ): string;
  /** A new request id, for a request refused before it was parsed. */
  nextId(): string;
  /**
   * Logs a request refused below the handler (400, 408, 431…, or 429 past the quota); `address`: the connection's
   * peer, which its quota was counted against; `bytes` is the whole response.
   */
  refused(address: string, requestId: string, status: number, reason: string, bytes: number): void;
  /** Marks `socket` as cut for inactivity (logged `socket_timeout`); true when a next request is half in, for a 408. */
  timedOut(socket: Duplex): boolean;
}

/** What the log knows of a connection between its requests. */
interface SocketState {
  /** Requests begun and not yet closed. */
  inFlight: number;
  /** `bytesRead` when the last response closed: more since means a request has begun. */
  readAt: number;
  timedOut: boolean;
}

/**
 * One `request` line per request when its response closes: completed, or 499 `aborted` with reason `client_closed`
 * or `socket_timeout`. Never the query string. Fields: docs/observability.md.
 */
export function createRequestLog(options: RequestLogOptions): RequestLog {
  const { logger, service, trustProxy, clientAddress, observe } = options;
  const nextId = createRequestIdGenerator();
  const sockets = new WeakMap<Duplex, SocketState>();

  return {
    nextId,
    begin(req, res, path, address, route, started = performance.now()) {
      const socket = req.socket;
      const bytesBefore = socket.bytesWritten;
      let state = sockets.get(socket);
      if (state === undefined) sockets.set(socket, (state = { inFlight: 0, readAt: 0, timedOut: false }));
      state.inFlight += 1;
      const connection = state;
      const requestId = acceptedRequestId(req.headers['x-request-id'], trustProxy) ?? nextId();
      // `on`, not `once`: a response closes once and is then dropped, so nothing needs removing.
      res.on('close', () => {
        const durationS = (performance.now() - started) / 1000;
        connection.inFlight -= 1;
        connection.readAt = socket.bytesRead;
        const complete = res.writableFinished;
        const status = complete ? res.statusCode : CLIENT_CLOSED_STATUS;
        // One object of one shape for every line (a spread of optional fields made each a
        // dictionary-mode copy); the rare fields are added after it.
        const line: Record<string, unknown> = {
          service,
          method: req.method,
          path: path ?? '(invalid)',
          template: path === CATALOG_PATH ? templateOf(queryOf(req.url)) : undefined,
          status,
          bytes: socket.bytesWritten - bytesBefore,
          durationMs: Math.round(durationS * 100_000) / 100,
          requestId,
          client: logAddress(address, clientAddress),
        };
        if (!complete) Object.assign(line, abortFields(res, connection.timedOut));
        else if (status === 413) Object.assign(line, BODY_TOO_LARGE);
        logger.info('request', line);
        observe?.({ route, status, durationS });
      });
      return requestId;
    },
    refused(address, requestId, status, reason, bytes) {
      logger.info('request', {
        service,
        status,
        bytes,
        durationMs: 0,
        requestId,
        client: logAddress(address, clientAddress),
        refused: true,
        reason,
      });
      observe?.({ route: 'other', status, durationS: 0 });
    },
    timedOut(socket) {
      const state = sockets.get(socket);
      if (state !== undefined) state.timedOut = true;
      const readAt = state?.readAt ?? 0;
      return (state?.inFlight ?? 0) === 0 && 'bytesRead' in socket && Number(socket.bytesRead) > readAt;
    },
  };
}

/** The reason on a 413 line: the only body the service reads, the token request's, was over its cap. */
const BODY_TOO_LARGE = { reason: 'body_too_large' } as const;

/** The template a query names; parsing it costs more than the rest of the line, so answers are memoised. */
const templateOf = memoizeByHeader((query = '') => {
  const parsed = parseTemplate(query);
  return parsed.ok ? parsed.template : undefined;
});

/** Fields of an aborted request: why, and the status already sent if headers went out. */
const abortFields = (res: ServerResponse, timedOut: boolean) => ({
  aborted: true,
  reason: timedOut ? 'socket_timeout' : 'client_closed',
  ...(res.headersSent ? { sentStatus: res.statusCode } : {}),
});
