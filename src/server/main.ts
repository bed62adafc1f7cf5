// `npm start`: the site on PORT and, unless CATALOG_ORIGIN_URL is set, the bundled catalog origin.
import { fileURLToPath } from 'node:url';
import { createOriginKey } from '../lib/catalog/origin-key.ts';
import { createLogger, describeError } from '../lib/log/logger.ts';
import { processMetrics } from '../lib/metrics/service-metrics.ts';
import { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { CATALOG_POLICY } from '../lib/rate-limit/headers.ts';
import { installGracefulShutdown } from './graceful-shutdown.ts';
import { listen } from './listen.ts';
import { loadConfigOrExit } from './load-config-or-exit.ts';
import { createMetricsServer } from './metrics-server.ts';
import { ResponseCache } from './response-cache.ts';
import type { DrainableServer } from './create-http-server.ts';
import { createSiteServer, type AstroHandler } from './site-server.ts';
import { startOrigin } from './start-origin.ts';
import { loadStaticAssets } from './static-assets.ts';

const root = new URL('../../', import.meta.url);
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const metrics = processMetrics();

async function importAstroHandler(): Promise<AstroHandler> {
  try {
    const entry = (await import(new URL('dist/server/entry.mjs', root).href)) as { handler: AstroHandler };
    return entry.handler;
  } catch (error) {
    logger.error('build_missing', { hint: 'run `npm run build` first', ...describeError(error) });
    process.exit(1);
  }
}

try {
  const dependencies: DrainableServer[] = [];
  if (config.catalogOriginUrl === undefined) {
    const catalogOriginKey = config.catalogOriginKey ?? createOriginKey();
    // The Astro bundle parses its own copy of the configuration from process.env (on import,
    // below): this is how its catalog service learns the key the bundled origin exempts.
    process.env['CATALOG_ORIGIN_KEY'] = catalogOriginKey;
    dependencies.push(await startOrigin({ ...config, catalogOriginKey }, config.catalogOriginPort, logger, metrics));
  }
  if (config.metricsPort !== undefined) {
    const bound = await listen(createMetricsServer(metrics.registry, logger), config.metricsPort, config.metricsHost);
    logger.info('listening', { service: 'metrics', url: `http://${bound}/metrics` });
  }
  const limiter = new FixedWindowLimiter({ ...CATALOG_POLICY, maxClients: config.rateLimitMaxClients });
  metrics.watchLimiter('site', limiter);
  const site = createSiteServer({
    config,
    logger,
    limiter,
    observe: (request) => metrics.observeRequest('site', request),
    assets: await loadStaticAssets(fileURLToPath(new URL('dist/client', root))),
    responseCache: new ResponseCache({ maxEntries: 256, maxBodyBytes: 2 * 1024 * 1024 }),
    astroHandler: await importAstroHandler(),
  });
  installGracefulShutdown({ site, dependencies }, logger, {
    delayMs: config.shutdownDelayMs,
    timeoutMs: config.shutdownTimeoutMs,
  });
  const address = await listen(site.server, config.port, config.host);
  logger.info('listening', { service: 'site', url: `http://${address}`, baseUrl: config.baseUrl });
} catch (error) {
  logger.error('startup_failed', describeError(error));
  process.exit(1);
}
