import type { ServerResponse } from 'node:http';
import type { Health } from '../lib/schemas/health.ts';

/**
 * The readiness answer of an instance that is shutting down: 503 with `status: draining`,
 * so a load balancer or Kubernetes stops routing here while the listener still serves
 * every request it gets (docs/deployment.md). Method checks stay with the normal route.
 */
export function sendNotReady(res: ServerResponse, method: string): void {
  const body: Health = { status: 'draining', uptimeSeconds: Math.floor(process.uptime()) };
  const json = JSON.stringify(body);
  res.writeHead(503, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(method === 'HEAD' ? undefined : json);
}
