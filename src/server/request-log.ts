import type { ServerResponse } from 'node:http';
import type { Logger } from '../lib/log/logger.ts';

/** Logs one JSON line when the response finishes: method, path (never the query), status, duration. */
export function logRequestOnFinish(
  res: ServerResponse,
  logger: Logger,
  fields: { service: string; method: string; path: string | undefined },
): void {
  const started = performance.now();
  // `on`, not `once`: a response finishes once and is then dropped, so nothing needs removing.
  res.on('finish', () => {
    logger.info('request', {
      service: fields.service,
      method: fields.method,
      path: fields.path ?? '(invalid)',
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
  });
}
