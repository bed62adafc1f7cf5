import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Health } from '../lib/schemas/health.ts';
import { sendBody } from './send-representation.ts';

/** Health answers are about this moment: no cache may keep them. */
const send = (req: IncomingMessage, res: ServerResponse, base: string[], status: number, health: Health) =>
  sendBody(req, res, status, [...base, 'Cache-Control', 'no-store'], 'application/json', JSON.stringify(health));

/**
 * Liveness (`GET|HEAD /healthz`): 200 while the process serves requests. It does not call
 * the catalog origin, so an upstream outage never takes healthy instances out of a load
 * balancer.
 */
export function sendHealth(req: IncomingMessage, res: ServerResponse, base: string[]): void {
  send(req, res, base, 200, { status: 'ok', uptimeSeconds: Math.floor(process.uptime()) });
}

/**
 * The readiness answer of an instance that is shutting down: 503 with `status: draining`,
 * so a load balancer or Kubernetes stops routing here while the listener still serves
 * every request it gets (docs/deployment.md). Method checks stay with the normal route.
 */
export function sendNotReady(req: IncomingMessage, res: ServerResponse, base: string[]): void {
  send(req, res, base, 503, { status: 'draining', uptimeSeconds: Math.floor(process.uptime()) });
}
