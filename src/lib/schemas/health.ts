import { z } from 'zod';

/** Body of the health endpoint used by load balancers and container probes. */
export const HealthSchema = z
  .strictObject({
    /** Always `ok` while the process serves requests. */
    status: z.literal('ok').meta({ description: 'Always `ok` while the process serves requests.' }),
    /** Seconds since the process started. */
    uptimeSeconds: z.int().min(0).meta({ description: 'Seconds since the process started.' }),
  })
  .meta({ id: 'Health', description: 'Liveness of one instance.' });

/** A health body. */
export type Health = z.infer<typeof HealthSchema>;
