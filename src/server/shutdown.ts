import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from '../lib/log/logger.ts';
import { requestsReceived, type DrainableServer } from './http/create-http-server.ts';

/** How a shutdown is paced (see docs/deployment.md, "Restarts without losing a request"). */
export interface ShutdownTimings {
  /** After SIGTERM: readiness 503 while everything is still served and the listener stays open. */
  delayMs: number;
  /** From the signal to a forced exit 1. */
  timeoutMs: number;
}

/** What a shutdown stops: the public server first, then what it depends on (the bundled origin). */
export interface ShutdownTargets {
  site: DrainableServer;
  dependencies?: readonly DrainableServer[];
}

/** A server that has received no request for this long is no longer being routed to. */
const QUIET_MS = 1_000;
const SWEEP_INTERVAL_MS = 250;

/**
 * Stops accepting connections without closing the idle ones. `http.Server#close` also
 * closes every idle keep-alive connection at once (Node ≥ 19), and a proxy may be writing
 * its next request on one of them at that moment: the request is then reset, and a proxy
 * never retries a non-idempotent one (RFC 9110 §9.2.2). `net.Server#close` only stops
 * the listener; the connections end as described in `drainConnections`.
 */
const stopListening = (server: Server, onClosed: () => void): void =>
  void NetServer.prototype.close.call(server, () => onClosed());

/**
 * Lets the connections of a server that no longer listens end without a reset: every later
 * response carries `Connection: close`, so a busy connection ends after its next answer;
 * idle ones are closed only once no request at all has arrived for `QUIET_MS`, that is once
 * the proxy has stopped routing here. Resolves when the last connection has ended.
 */
function drainConnections(target: DrainableServer): Promise<void> {
  return new Promise((resolve) => {
    let seen = requestsReceived(target.server);
    let quietSince = performance.now();
    const sweep = setInterval(() => {
      const now = performance.now();
      const count = requestsReceived(target.server);
      if (count !== seen) [seen, quietSince] = [count, now];
      else if (now - quietSince >= QUIET_MS) target.server.closeIdleConnections();
    }, SWEEP_INTERVAL_MS);
    target.drain();
    stopListening(target.server, () => {
      clearInterval(sweep);
      resolve();
    });
  });
}

/** Closes a server used only by this process (its client has stopped): idle connections at once. */
function closeDependency(target: DrainableServer): Promise<void> {
  return new Promise((resolve) => {
    target.drain();
    target.server.close(() => resolve());
  });
}

/**
 * SIGTERM (an orchestrator's stop): readiness answers 503 for `delayMs` while everything
 * else is served as before; then the listener closes and the open connections drain
 * without a reset (`drainConnections`); then the dependencies close and the process exits
 * 0. Requests still running at `timeoutMs` are cut and the process exits 1.
 * SIGINT (Ctrl-C in a terminal): no delay, idle connections close at once, the requests in
 * flight finish. A second signal exits at once.
 */
export function installGracefulShutdown(
  targets: ShutdownTargets,
  logger: Logger,
  timings: ShutdownTimings,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const all = [targets.site, ...(targets.dependencies ?? [])];
  let stopping = false;
  const stop = (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) {
      logger.error('shutdown_forced', { signal });
      return exit(1);
    }
    stopping = true;
    const delayMs = signal === 'SIGTERM' ? timings.delayMs : 0;
    logger.info('shutdown', { signal, delayMs, timeoutMs: timings.timeoutMs });
    targets.site.unready?.();
    setTimeout(() => {
      logger.error('shutdown_deadline', { timeoutMs: timings.timeoutMs });
      for (const { server } of all) server.closeAllConnections();
      exit(1);
    }, timings.timeoutMs).unref();
    const site =
      signal === 'SIGINT'
        ? closeDependency(targets.site)
        : new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(() => {
            logger.info('listener_closed', { signal });
            return drainConnections(targets.site);
          });
    void site
      .then(() => Promise.all((targets.dependencies ?? []).map(closeDependency)))
      .then(() => {
        logger.info('stopped', { signal });
        exit(0);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
