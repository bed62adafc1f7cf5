import { NO_STORE } from '../../lib/http/response-headers.ts';
import { schemaRef } from '../../lib/openapi/component-schemas.ts';
import type { PathItemObject, ResponseObject } from '../../lib/openapi/openapi-types.ts';
import { getAndHead, optionsOperation, type ApiOperation } from '../../lib/openapi/operations.ts';
import { COMMON_RESPONSES, fixedHeader, responseHeaders } from '../../lib/openapi/responses.ts';
import { FREE_CEILING } from '../../lib/rate-limit/headers.ts';
import { HEALTH_PATH, HealthSchema, type Health } from '../../lib/schemas/health.ts';
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

const TAGS = ['Operations'];

/** An answer of the probe: its status in the body, never cached. */
const probeAnswer = (description: string, status: Health['status']): ResponseObject => ({
  description,
  headers: responseHeaders({ 'Cache-Control': fixedHeader('no-store', 'Always a live answer.') }),
  content: { 'application/json': { schema: schemaRef(HealthSchema), example: { status, uptimeSeconds: 3600 } } },
});

/** `/healthz`: the liveness probe of one instance. */
function healthPath(): PathItemObject {
  return {
    ...getAndHead({
      name: 'Health',
      summary: 'Liveness and readiness of this instance',
      description:
        'For load balancers and container probes: 200 while the instance takes traffic. After SIGTERM it answers ' +
        '503 for the shutdown delay while every other request is still served, so health-checking load ' +
        'balancers stop routing here before the listener closes. It never calls the catalog origin, so an ' +
        'upstream outage does not take healthy instances out of rotation. It costs no rate-limit quota, so a busy ' +
        'neighbour on a shared address cannot fail the probe; it still carries the RateLimit headers. Only past ' +
        `${FREE_CEILING.limit} requests that cost no quota (health checks and static files) in ` +
        `${FREE_CEILING.windowSeconds} seconds from one client, far above any prober, is it refused with 429.`,
      tags: TAGS,
      responses: {
        '200': probeAnswer('The instance is up.', 'ok'),
        '503': probeAnswer('The instance is shutting down: route new requests elsewhere.', 'draining'),
        ...COMMON_RESPONSES,
      },
    }),
    ...optionsOperation('Health', HEALTH_PATH, TAGS),
  };
}

/** The probe's operations. */
export const healthOperation: ApiOperation = { path: HEALTH_PATH, pathItem: healthPath, sends: [HealthSchema] };
