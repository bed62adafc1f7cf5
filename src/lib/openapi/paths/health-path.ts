import { HEALTH_PATH } from '../../schemas/health.ts';
import { HealthSchema } from '../../schemas/health.ts';
import { schemaRef } from '../component-schemas.ts';
import type { PathItemObject } from '../openapi-types.ts';
import { cacheControlHeader, COMMON_RESPONSES, responseHeaders } from '../responses.ts';
import { getAndHead, optionsOperation } from './operations.ts';

export { HEALTH_PATH };

const TAGS = ['Operations'];

/** The shared responses of a probe: never 429 (src/server/routes.ts counts no probe). */
const { '429': _never, ...PROBE_RESPONSES } = COMMON_RESPONSES;

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
        '200': {
          description: 'The instance is up.',
          headers: responseHeaders({ 'Cache-Control': cacheControlHeader('no-store', 'Always a live answer.') }),
          content: {
            'application/json': { schema: schemaRef(HealthSchema), example: { status: 'ok', uptimeSeconds: 3600 } },
          },
        },
        '503': {
          description: 'The instance is shutting down: route new requests elsewhere.',
          headers: responseHeaders({ 'Cache-Control': cacheControlHeader('no-store', 'Always a live answer.') }),
          content: {
            'application/json': {
              schema: schemaRef(HealthSchema),
              example: { status: 'draining', uptimeSeconds: 3600 },
            },
          },
        },
        ...PROBE_RESPONSES,
      },
    }),
    ...optionsOperation('Health', HEALTH_PATH, TAGS),
  };
}
