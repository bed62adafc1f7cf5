import { FixedWindowLimiter } from './fixed-window-limiter.ts';
import { CATALOG_POLICY, FREE_CEILING } from './headers.ts';
import type { InstanceLimiter } from './limiter.ts';

/**
 * The free ceiling's memory: exact windows for the clients a probe or a page view brings (about 1.3 MB when full), the
 * rest in a 2 MiB sketch, against the quota limiter's 13 + 16 MB.
 */
const FREE_CEILING_SIZE = { maxClients: 10_000, sketchWidth: 2 ** 18 };

/**
 * The `catalog` policy counted in this process, for at most `maxClients` exact windows (RATE_LIMIT_MAX_CLIENTS): the
 * site's quota, and the bundled origin's. `now` is the clock in milliseconds, `performance.now` by default.
 */
export const createQuotaLimiter = (maxClients: number, now?: () => number): InstanceLimiter =>
  new FixedWindowLimiter({ ...CATALOG_POLICY, maxClients, ...(now === undefined ? {} : { now }) });

/** The ceiling of the requests that cost no quota (FREE_CEILING), counted in this process. */
export const createFreeCeiling = (now?: () => number): InstanceLimiter =>
  new FixedWindowLimiter({ ...FREE_CEILING, ...FREE_CEILING_SIZE, ...(now === undefined ? {} : { now }) });
