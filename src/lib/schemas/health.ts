import { z } from 'zod';

/** Body of the health endpoint used by load balancers and container probes. */
export const HealthSchema = z
  .strictObject({
    /** `ok` while the instance takes traffic; `draining` (with 503) once it is shutting down. */
    status: z.enum(['ok', 'draining']).meta({
      description:
        '`ok` (200) while the instance takes traffic; `draining` (503) from SIGTERM until it stops listening, ' +
        'while it still answers every other request.',
    }),
    /** Seconds since the process started. */
    uptimeSeconds: z.int().min(0).meta({ description: 'Seconds since the process started.' }),
  })
  .meta({ id: 'Health', description: 'Liveness and readiness of one instance.' });

/** A health body. */
export type Health = z.infer<typeof HealthSchema>;

/** Path of the health probe: liveness, and readiness during a shutdown (docs/deployment.md). */
export const HEALTH_PATH = '/healthz';
