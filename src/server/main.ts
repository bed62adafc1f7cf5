// `npm start`: the site on PORT and, unless CATALOG_ORIGIN_URL is set, the bundled catalog origin.
// `npm run build` compiles this file to dist/node/main.mjs, which `npm start` runs.
import { createCatalogService } from '../lib/catalog/catalog-service.ts';
import { DEFAULT_TEMPLATE } from '../lib/schemas/catalog.ts';
import { createLogger, describeError } from '../lib/log/logger.ts';
import { processMetrics } from '../lib/metrics/service-metrics.ts';
import { bundleHandler } from './store/astro-renderer.ts';
import { listen } from './http/create-http-server.ts';
import { installGracefulShutdown } from './shutdown.ts';
import { loadConfigOrExit } from '../lib/config/config.ts';
import { createMetricsServer } from './steps/metrics-server.ts';
import { openSharedLimiter } from './steps/rate-limit-store.ts';
import { builtFiles, createSite } from './site.ts';
import type { PreparationReport } from './store/page-preparation.ts';
import { startBundledOrigin } from './origin/start-origin.ts';

const root = new URL('../../', import.meta.url);
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const metrics = processMetrics();

try {
  const origin = await startBundledOrigin(config, logger, metrics);
  // With the bundled origin's key, so the site's own requests spend none of its quota.
  const catalog = createCatalogService(origin.config, { logger, metrics });
  if (config.catalogOriginUrl === undefined) {
    // Fetch the default panel now so its validation and compression overlap start-up. Not for a CATALOG_ORIGIN_URL,
    // which may still be starting: a failure would hold its requests off for the retry pause.
    catalog.cache.get(DEFAULT_TEMPLATE).catch(() => undefined);
  }
  if (config.metricsPort !== undefined) {
    const bound = await listen(
      createMetricsServer(await metrics.registry(), logger),
      config.metricsPort,
      config.metricsHost,
    );
    logger.info('listening', { service: 'metrics', url: `http://${bound}/metrics` });
  }
  const loadBundle = bundleHandler(new URL('dist/server/entry.mjs', root).href);
  const site = await createSite(config, {
    logger,
    catalog,
    astro: async () => {
      const handler = await loadBundle();
      logger.info('renderer_loaded', { reason: 'a data-driven page or document was rendered through Astro' });
      return handler;
    },
    watchLimiter: (limiter) => metrics.watchLimiter('site', limiter),
    shareQuota: (local) => openSharedLimiter(config.rateLimitStore, local, logger, metrics),
    observe: (request) => metrics.observeRequest('site', request),
    onShed: () => metrics.observeShed('site'),
    files: builtFiles(root),
  });
  installGracefulShutdown({ site, dependencies: origin.servers }, logger, {
    delayMs: config.shutdownDelayMs,
    quietMs: config.shutdownQuietMs,
    timeoutMs: config.shutdownTimeoutMs,
  });
  const address = await listen(site.server, config.port, config.host);
  logger.info('listening', { service: 'site', url: `http://${address}`, baseUrl: config.baseUrl });
  site.prepareInBackground({
    onError: (error) => logger.error('prepare_failed', describeError(error)),
    ...(config.preparePages === 'background'
      ? { onPrepared: (report: PreparationReport) => logger.info('pages_prepared', { ...report }) }
      : {}),
  });
} catch (error) {
  logger.error('startup_failed', describeError(error));
  process.exit(1);
}
