import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from '../lib/log/logger.ts';
import type { DrainableServer } from './http/create-http-server.ts';
import {
  arrivalsSinceMark,
  beginDrain,
  connectionsOpen,
  markArrivals,
  requestsInFlight,
  requestsReceived,
} from './http/drain-state.ts';

/** How a shutdown is paced (see docs/deployment.md, "Restarts without losing a request"). */
export interface ShutdownTimings {
  /** After SIGTERM: readiness 503 while everything is still served and the listener stays open. */
  delayMs: number;
  /** Then: how long without a new connection before the listener closes. */
  quietMs: number;
  /** From the signal to the end: idle connections closed (exit 0), or a request cut (exit 1). */
  timeoutMs: number;
}

/** What a shutdown stops: the public server first, then what it depends on (the bundled origin). */
export interface ShutdownTargets {
  site: DrainableServer;
  dependencies?: readonly DrainableServer[];
}

/** The waits a shutdown makes, by what each is for; a test resolves each at the instant it chooses. @internal */
export type ShutdownWait = (what: 'delay' | 'quiet' | 'idle' | 'patience' | 'deadline', ms: number) => Promise<void>;

/** What a test injects: the exit and the waits (default: process.exit and timers). */
export interface ShutdownOptions {
  exit?: (code: number) => void;
  wait?: ShutdownWait;
}

const timerWait: ShutdownWait = (what, ms) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (what === 'deadline' || what === 'patience' || what === 'idle') timer.unref();
  });

/** Resolves once the event loop has polled for I/O again: a connection the kernel completed before is accepted. */
const afterNextPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** Closes the listener only, leaving every connection open (`http.Server#close` also closes idle ones). */
const stopListening = (server: Server): Promise<void> =>
  new Promise((resolve) => void NetServer.prototype.close.call(server, () => resolve()));

/**
 * Waits until a whole quiet interval passes without a new connection (one closed by a refused request, its only
 * traffic, is none: see `connectionRefused`). Closing the listener resets every connection
 * the kernel completed but the process has not accepted (their requests already written), so it closes only once the
 * peers have stopped connecting; or, if they never do, after the patience, leaving the requests it accepted time to
 * finish before the deadline. Resolves with how long it waited and whether it was quiet.
 */
async function waitForQuiet(server: Server, timings: ShutdownTimings, wait: ShutdownWait) {
  const started = performance.now();
  let impatient = false;
  // Halfway from the end of the delay to the deadline.
  void wait('patience', (timings.timeoutMs - timings.delayMs) / 2).then(() => (impatient = true));
  let quiet = false;
  while (!quiet && !impatient) {
    markArrivals(server);
    await wait('quiet', timings.quietMs);
    await afterNextPoll();
    quiet = arrivalsSinceMark(server) === 0;
  }
  return { waitedMs: Math.round(performance.now() - started), quiet };
}

/**
 * Once the listener is closed: each time a whole quiet interval passes without a request on any connection, closes
 * the connections that carry none. Nobody routes here any more (the readiness delay and the quiet intervals have
 * passed), so an idle connection is one a peer keeps for nothing; a request that does come is answered, with
 * `Connection: close`, and holds the next close off by another interval. Checked after an I/O poll, so a request
 * already read by the kernel counts.
 */
async function closeIdleWhenQuiet(server: Server, quietMs: number, wait: ShutdownWait): Promise<void> {
  while (connectionsOpen(server) > 0) {
    const seen = requestsReceived(server);
    await wait('idle', quietMs);
    await afterNextPoll();
    if (requestsReceived(server) === seen) server.closeIdleConnections();
  }
}

/**
 * SIGTERM: readiness 503 for `delayMs`, then the listener closes after `quietMs` without a new connection; from then
 * on each response closes its connection, and idle ones close after `quietMs` without a request. Resolves when the
 * last connection has ended.
 */
async function drainSite(site: DrainableServer, logger: Logger, timings: ShutdownTimings, wait: ShutdownWait) {
  await wait('delay', timings.delayMs);
  const { waitedMs, quiet } = await waitForQuiet(site.server, timings, wait);
  const ended = stopListening(site.server);
  beginDrain(site.server);
  const fields = { waitedMs, quietMs: timings.quietMs, quiet, connections: connectionsOpen(site.server) };
  // Not quiet: connections kept arriving, and those in the accept queue just now were reset.
  if (quiet) logger.info('listener_closed', fields);
  else logger.error('listener_closed', fields);
  void closeIdleWhenQuiet(site.server, timings.quietMs, wait);
  await ended;
}

/** SIGINT, or a server used only by this process (its client has stopped): closes idle connections at once. */
function closeAtOnce({ server }: DrainableServer): Promise<void> {
  beginDrain(server);
  return new Promise((resolve) => void server.close(() => resolve()));
}

/**
 * At the deadline: closing connections that carry no request loses nothing (exit 0); a request still running, or a
 * site listener never quiet (connections may wait in its queue), is cut (exit 1).
 */
function closeAtDeadline(targets: ShutdownTargets, logger: Logger, timeoutMs: number): number {
  const all = [targets.site, ...(targets.dependencies ?? [])];
  const inFlight = all.reduce((sum, { server }) => sum + requestsInFlight(server), 0);
  const connections = all.reduce((sum, { server }) => sum + connectionsOpen(server), 0);
  const listening = targets.site.server.listening;
  for (const { server } of all) server.closeAllConnections();
  if (inFlight === 0 && !listening) {
    logger.info('idle_connections_closed', { connections, timeoutMs });
    return 0;
  }
  logger.error('shutdown_deadline', { timeoutMs, requestsInFlight: inFlight, connections, listening });
  return 1;
}

/**
 * The shutdown a signal starts (docs/deployment.md, "Restarts without losing a request"). SIGTERM drains (`drainSite`)
 * and exits 0; SIGINT (Ctrl-C) skips the delay and the quiet interval and closes idle connections at once. The deadline
 * ends either (`closeAtDeadline`); a second signal exits 1 at once.
 * @internal
 */
export function createShutdown(
  targets: ShutdownTargets,
  logger: Logger,
  timings: ShutdownTimings,
  options: ShutdownOptions = {},
): (signal: 'SIGTERM' | 'SIGINT') => void {
  const wait = options.wait ?? timerWait;
  let exited = false;
  const exit = (code: number) => {
    if (!exited) (options.exit ?? ((status: number) => process.exit(status)))(code);
    exited = true;
  };
  let stopping = false;
  return (signal) => {
    if (stopping) {
      logger.error('shutdown_forced', { signal });
      return exit(1);
    }
    stopping = true;
    const { delayMs, quietMs, timeoutMs } = timings;
    logger.info('shutdown', { signal, delayMs: signal === 'SIGTERM' ? delayMs : 0, quietMs, timeoutMs });
    targets.site.unready?.();
    void wait('deadline', timeoutMs).then(() => exit(closeAtDeadline(targets, logger, timeoutMs)));
    const site = signal === 'SIGINT' ? closeAtOnce(targets.site) : drainSite(targets.site, logger, timings, wait);
    void site
      .then(() => Promise.all((targets.dependencies ?? []).map(closeAtOnce)))
      .then(() => {
        logger.info('stopped', { signal });
        exit(0);
      });
  };
}

/** Installs `createShutdown` on SIGTERM and SIGINT. */
export function installGracefulShutdown(
  targets: ShutdownTargets,
  logger: Logger,
  timings: ShutdownTimings,
  options: ShutdownOptions = {},
): void {
  const stop = createShutdown(targets, logger, timings, options);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
