import { HEALTH_PATH, HealthSchema, type Health } from '../../schemas/health.ts';
import { schemaRef } from '../component-schemas.ts';
import type { PathItemObject, ResponseObject } from '../openapi-types.ts';
import { COMMON_RESPONSES, fixedHeader, responseHeaders } from '../responses.ts';
import { getAndHead, optionsOperation } from './operations.ts';

const TAGS = ['Operations'];

/** The shared responses of a probe: never 429 (src/server/routes.ts counts no probe). */
const { '429': _never, ...PROBE_RESPONSES } = COMMON_RESPONSES;

/** An answer of the probe: its status in the body, never cached. */
const probeAnswer = (description: string, status: Health['status']): ResponseObject => ({
  description,
  headers: responseHeaders({ 'Cache-Control': fixedHeader('no-store', 'Always a live answer.') }),
  content: { 'application/json': { schema: schemaRef(HealthSchema), example: { status, uptimeSeconds: 3600 } } },
});

/** `/healthz`: the liveness probe of one instance. */
export function healthPath(): PathItemObject {
  return {
    ...getAndHead({
      name: 'Health',
      summary: 'Liveness and readiness of this instance',
      description:
        'For load balancers and container probes: 200 while the instance takes traffic. After SIGTERM it answers ' +
        '503 for the shutdown delay while every other request is still served, so health-checking load ' +
        'balancers stop routing here before the listener closes. It never calls the catalog origin, so an ' +
        'upstream outage does not take healthy instances out of rotation. It costs no rate-limit quota and is ' +
        'never refused with 429, so a busy neighbour on a shared address cannot fail the probe; it still carries ' +
        'the RateLimit headers.',
      tags: TAGS,
      responses: {
        '200': probeAnswer('The instance is up.', 'ok'),
        '503': probeAnswer('The instance is shutting down: route new requests elsewhere.', 'draining'),
        ...PROBE_RESPONSES,
      },
    }),
    ...optionsOperation('Health', HEALTH_PATH, TAGS),
  };
}
