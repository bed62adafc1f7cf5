import type { Server } from 'node:http';
import type { Logger } from '../lib/log/logger.ts';

/** How long in-flight requests may take to finish after SIGTERM before the process exits. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish
 * (their connections close afterwards), and exit 0 — or exit 1 at the deadline.
 */
export function installGracefulShutdown(
  servers: ReadonlyArray<{ server: Server; drain(): void }>,
  logger: Logger,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutdown', { signal, deadlineMs });
    const timer = setTimeout(() => {
      logger.error('shutdown_deadline', { deadlineMs });
      for (const { server } of servers) server.closeAllConnections();
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    const closed = servers.map(
      ({ server, drain }) =>
        new Promise<void>((resolve) => {
          drain();
          // Connections of requests in flight become idle when their response ends; close
          // them then rather than after the keep-alive timeout.
          const sweep = setInterval(() => server.closeIdleConnections(), 100);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
          server.closeIdleConnections();
        }),
    );
    void Promise.all(closed).then(() => {
      logger.info('stopped', {});
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
