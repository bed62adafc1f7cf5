import type { Config } from '../../lib/config/config.ts';
import type { Logger } from '../../lib/log/logger.ts';
import type { ServiceMetrics } from '../../lib/metrics/service-metrics.ts';
import type { InstanceLimiter, Limiter } from '../../lib/rate-limit/limiter.ts';
import { CATALOG_POLICY } from '../../lib/rate-limit/headers.ts';
import { SharedLimiter } from '../../lib/rate-limit/shared-limiter.ts';

/**
 * The quota shared through RATE_LIMIT_STORE_URL, or none when it is unset. The store's client is loaded only then, and
 * connects in the background: start-up never waits for it, and until it answers the instance limits alone. Each
 * change of the store's state is logged once; `/metrics` shows it and counts the requests decided without it.
 */
export async function openSharedLimiter(
  store: Config['rateLimitStore'],
  local: InstanceLimiter,
  logger: Logger,
  metrics: ServiceMetrics,
): Promise<Limiter | undefined> {
  if (store === undefined) return undefined;
  const { RedisWindowStore } = await import('../../lib/rate-limit/redis-window-store.ts');
  const shared = new SharedLimiter({
    local,
    windowSeconds: CATALOG_POLICY.windowSeconds,
    timeoutMs: store.timeoutMs,
    hardTimeoutMs: store.hardTimeoutMs,
    connect: (events) => new RedisWindowStore({ url: store.url, password: store.password }, events),
    onTransition: (up, reason) =>
      up
        ? logger.info('rate_limit_store_up', { reason })
        : logger.error('rate_limit_store_down', { reason, fallback: 'per-instance limiter' }),
    onFallback: (reason) => metrics.observeStoreFallback(reason),
    onLate: () => metrics.observeStoreLate(),
  });
  metrics.watchStore('site', shared);
  return shared;
}
