import type { Health } from '../../lib/schemas/health.ts';
import { sendBody, type Exchange } from '../http/send.ts';

/**
 * The health probe (`GET|HEAD /healthz`): 200 while the process serves requests. It does not
 * call the catalog origin, so an upstream outage never takes healthy instances out of a load
 * balancer. During a shutdown (`ready` false) it is 503 with `status: draining`, so a load
 * balancer or Kubernetes stops routing here while the listener still serves every request it
 * gets (docs/deployment.md). Health is about this moment: no cache may keep it.
 */
export function answerHealth(x: Exchange, ready: boolean): void {
  const health: Health = { status: ready ? 'ok' : 'draining', uptimeSeconds: Math.floor(process.uptime()) };
  sendBody(x, ready ? 200 : 503, 'application/json', JSON.stringify(health), {
    headers: ['Cache-Control', 'no-store'],
  });
}
