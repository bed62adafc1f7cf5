import { NO_STORE } from '../../lib/http/response-headers.ts';
import type { Health } from '../../lib/schemas/health.ts';
import { sendBody, type Exchange } from '../http/send.ts';

/**
 * Answers the probe: 200 `ok` while the instance takes traffic, 503 `draining` once a shutdown began, while every
 * other request is still served (docs/deployment.md). Never asks the origin, so an upstream outage keeps the instance
 * in the balancer.
 */
export function answerHealth(exchange: Exchange, ready: boolean): void {
  const health: Health = { status: ready ? 'ok' : 'draining', uptimeSeconds: Math.floor(process.uptime()) };
  sendBody(exchange, ready ? 200 : 503, 'application/json', JSON.stringify(health), {
    headers: ['Cache-Control', NO_STORE],
  });
}
