import type { Server, ServerResponse } from 'node:http';

/** What a graceful shutdown asks of a server: what arrived, what is open, what is unanswered, whether it drains. */
interface DrainState {
  accepted: number;
  requests: number;
  open: number;
  unanswered: Set<ServerResponse>;
  draining: boolean;
}

const states = new WeakMap<Server, DrainState>();

/**
 * Counts `server`'s connections and unfinished responses from now on; returns the step each request takes, which
 * makes its response close the connection once the server drains.
 */
export function trackDrain(server: Server): (res: ServerResponse) => void {
  const state: DrainState = { accepted: 0, requests: 0, open: 0, unanswered: new Set(), draining: false };
  states.set(server, state);
  server.on('connection', (socket) => {
    // Refused on arrival over its address's share (connection-share.ts): it never carries a request.
    if (socket.destroyed) return;
    state.accepted += 1;
    state.open += 1;
    socket.once('close', () => void (state.open -= 1));
  });
  return (res) => {
    // Node then sends `Connection: close` and ends the connection after this response (RFC 9112 §9.6).
    if (state.draining) res.shouldKeepAlive = false;
    state.requests += 1;
    state.unanswered.add(res);
    res.once('close', () => state.unanswered.delete(res));
  };
}

/** Connections `server` has accepted since it was created. */
export const connectionsAccepted = (server: Server): number => states.get(server)?.accepted ?? 0;

/** Requests `server` has received since it was created. */
export const requestsReceived = (server: Server): number => states.get(server)?.requests ?? 0;

/** Connections of `server` still open. */
export const connectionsOpen = (server: Server): number => states.get(server)?.open ?? 0;

/** Requests of `server` whose response has not ended. */
export const requestsInFlight = (server: Server): number => states.get(server)?.unanswered.size ?? 0;

/**
 * From now on every response of `server` closes its connection: later ones, and those already running whose head is
 * not yet sent. A connection then ends after an answer, never under a request.
 */
export function beginDrain(server: Server): void {
  const state = states.get(server);
  if (state === undefined) return;
  state.draining = true;
  for (const res of state.unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
}
