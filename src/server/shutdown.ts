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
 * Stops listening without closing idle connections: `http.Server#close` closes them at once, and a proxy writing
 * its next request on one gets a reset, which it never retries for a non-idempotent request (RFC 9110 §9.2.2).
 */
const stopListening = (server: Server, onClosed: () => void): void =>
  void NetServer.prototype.close.call(server, () => onClosed());

/**
 * Lets connections end without a reset: later responses carry `Connection: close`; idle ones close only once no
 * request has arrived for `QUIET_MS`, i.e. the proxy stopped routing here. Resolves when the last has ended.
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
 * SIGTERM: readiness is 503 for `delayMs`, then the listener closes, connections drain, dependencies close, exit 0;
 * requests still running at `timeoutMs` are cut, exit 1. SIGINT: no delay, idle connections close at once.
 * A second signal exits at once.
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
