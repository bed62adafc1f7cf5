import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** What a graceful shutdown asks of a server: what arrived, what is open, what is unanswered, whether it drains. */
interface DrainState {
  accepted: number;
  requests: number;
  open: number;
  unanswered: Set<ServerResponse>;
  draining: boolean;
  /** `accepted` when the current quiet interval began (`markArrivals`). */
  mark: number;
  /** Connections accepted since the mark that a refusal closed before they carried a request of their own. */
  refusedSinceMark: number;
}

const states = new WeakMap<Server, DrainState>();

/** Each connection that has carried no request yet: its server's state and its place in the order of arrival. */
const fresh = new WeakMap<Duplex, { state: DrainState; seq: number }>();

/**
 * Counts `server`'s connections and unfinished responses from now on; returns the step each request takes, which
 * makes its response close the connection once the server drains.
 */
export function trackDrain(server: Server): (res: ServerResponse) => void {
  const state: DrainState = {
    accepted: 0,
    requests: 0,
    open: 0,
    unanswered: new Set(),
    draining: false,
    mark: 0,
    refusedSinceMark: 0,
  };
  states.set(server, state);
  server.on('connection', (socket: Duplex) => {
    // Refused on arrival over its address's share (connection-share.ts): it never carries a request.
    if (socket.destroyed) return;
    state.accepted += 1;
    state.open += 1;
    fresh.set(socket, { state, seq: state.accepted });
    socket.once('close', () => void (state.open -= 1));
  });
  return (res) => {
    // Node then sends `Connection: close` and ends the connection after this response (RFC 9112 §9.6).
    if (state.draining) res.shouldKeepAlive = false;
    fresh.delete(res.socket as Duplex);
    state.requests += 1;
    state.unanswered.add(res);
    res.once('close', () => state.unanswered.delete(res));
  };
}

/**
 * Says that a transport-level refusal (a request Node's parser refused, `CONNECT`, a timeout) is closing `socket`.
 * If that was its only traffic, the connection is no arrival for `arrivalsSinceMark`: a stream of malformed requests
 * cannot hold a drain's quiet interval open, and closing the listener loses no request of theirs worth keeping.
 */
export function connectionRefused(socket: Duplex): void {
  const entry = fresh.get(socket);
  if (entry === undefined) return;
  fresh.delete(socket);
  if (entry.seq > entry.state.mark) entry.state.refusedSinceMark += 1;
}

/** Begins a quiet interval of `server`: `arrivalsSinceMark` counts from now. */
export function markArrivals(server: Server): void {
  const state = states.get(server);
  if (state === undefined) return;
  state.mark = state.accepted;
  state.refusedSinceMark = 0;
}

/**
 * Connections `server` has accepted since `markArrivals`, less those a refusal closed before they carried a request:
 * the peers still connecting to it. One accepted but not yet refused counts, until a later mark.
 */
export function arrivalsSinceMark(server: Server): number {
  const state = states.get(server);
  return state === undefined ? 0 : state.accepted - state.mark - state.refusedSinceMark;
}

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
