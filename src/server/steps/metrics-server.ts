import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { Logger } from '../../lib/log/logger.ts';

/** The scrape path, on the metrics port only (the public port answers 404 for it). */
const METRICS_PATH = '/metrics';

/** `GET|HEAD /metrics` on its own port (loopback by default), without rate limit or CORS headers. */
export function createMetricsServer(registry: Registry, logger: Logger): Server {
  return createServer((req, res) => {
    const path = req.url?.split('?', 1)[0];
    if (path !== METRICS_PATH) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return void res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('GET or HEAD\n');
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error('metrics_failed', { message: String(error) });
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
}
