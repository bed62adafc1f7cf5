import type { Health } from '../../lib/schemas/health.ts';
import { sendBody, type Exchange } from '../http/send.ts';

/**
 * `GET|HEAD /healthz`: never calls the origin, so an upstream outage keeps instances in the balancer; 503 `draining`
 * during shutdown while requests are still served (docs/deployment.md). Never cached.
 */
export function answerHealth(x: Exchange, ready: boolean): void {
  const health: Health = { status: ready ? 'ok' : 'draining', uptimeSeconds: Math.floor(process.uptime()) };
  sendBody(x, ready ? 200 : 503, 'application/json', JSON.stringify(health), {
    headers: ['Cache-Control', 'no-store'],
  });
}
