import type { Health } from '../schemas/health.ts';

/** Path of the health probe: liveness, and readiness during a shutdown (docs/deployment.md). */
export const HEALTH_PATH = '/healthz';

/**
 * Liveness of this instance: 200 while the process serves requests. It does not call
 * the catalog origin, so an upstream outage (answered with stale copies or 502s) never
 * takes healthy instances out of a load balancer.
 */
export function healthResponse(): Response {
  const body: Health = { status: 'ok', uptimeSeconds: Math.floor(process.uptime()) };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
