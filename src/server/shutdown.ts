import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from '../lib/log/logger.ts';
import { requestsReceived, type DrainableServer } from './http/create-http-server.ts';

/** How a shutdown is paced (see docs/deployment.md, "Restarts without losing a request"). */
export interface ShutdownTimings {
  /** After SIGTERM: readiness 503 while everything is still served and the listener stays open. */
  delayMs: number;
  /** Then: how long without a new connection before the listener closes. */
  quietMs: number;
  /** From the signal to a forced exit 1. */
  timeoutMs: number;
}

/** The waits a shutdown makes, by what each is for; a test resolves each at the instant it chooses. */
export type ShutdownWait = (what: 'delay' | 'quiet' | 'deadline', ms: number) => Promise<void>;

/** What a test injects: the exit and the waits (default: process.exit and timers). */
export interface ShutdownOptions {
  exit?: (code: number) => void;
  wait?: ShutdownWait;
}

const timerWait: ShutdownWait = (what, ms) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (what === 'deadline') timer.unref();
  });

/** What a shutdown stops: the public server first, then what it depends on (the bundled origin). */
export interface ShutdownTargets {
  site: DrainableServer;
  dependencies?: readonly DrainableServer[];
}

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
function drainConnections(target: DrainableServer, quietMs: number, wait: ShutdownWait): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const sweep = async () => {
      while (!done) {
        const seen = requestsReceived(target.server);
        await wait('quiet', quietMs);
        if (requestsReceived(target.server) === seen) target.server.closeIdleConnections();
      }
    };
    target.drain();
    stopListening(target.server, () => {
      done = true;
      resolve();
    });
    void sweep();
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
export function createShutdown(
  targets: ShutdownTargets,
  logger: Logger,
  timings: ShutdownTimings,
  options: ShutdownOptions = {},
): (signal: 'SIGTERM' | 'SIGINT') => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const wait = options.wait ?? timerWait;
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
    void wait('deadline', timings.timeoutMs).then(() => {
      logger.error('shutdown_deadline', { timeoutMs: timings.timeoutMs });
      for (const { server } of all) server.closeAllConnections();
      exit(1);
    });
    const site =
      signal === 'SIGINT'
        ? closeDependency(targets.site)
        : wait('delay', delayMs).then(() => {
            logger.info('listener_closed', { signal });
            return drainConnections(targets.site, timings.quietMs, wait);
          });
    void site
      .then(() => Promise.all((targets.dependencies ?? []).map(closeDependency)))
      .then(() => {
        logger.info('stopped', { signal });
        exit(0);
      });
  };
  return stop;
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
