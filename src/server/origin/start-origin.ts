import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_PANELS_PATH, loadCompiledPanels, type CompiledPanels } from '../../lib/catalog/compiled-panels.ts';
import type { Config } from '../../lib/config/config.ts';
import { siteLocalesOf } from '../../lib/config/site-locales.ts';
import { LOCALE_RULES } from '../../lib/content/locales.ts';
import type { Logger } from '../../lib/log/logger.ts';
import type { ServiceMetrics } from '../../lib/metrics/service-metrics.ts';
import { createQuotaLimiter } from '../../lib/rate-limit/policy-limiters.ts';
import { listen, type DrainableServer } from '../http/create-http-server.ts';
import { createOriginKey, createOriginServer } from './origin-server.ts';

/**
 * The bundled catalog data, the single source of the origin's panels: `content/catalog`, or that of the content folder
 * `SITE_LOCALES_DIR` names (its markers' guides are in the site's languages).
 */
const catalogDataDir = () =>
  join(
    siteLocalesOf(process.env, fileURLToPath(new URL('../../../', import.meta.url)), LOCALE_RULES).contentDir,
    'catalog',
  );

/** The panels compiled by `npm run build`; without a build (`npm run dev`), the YAML parsed and validated now. */
async function loadPanels(baseUrl: string): Promise<CompiledPanels> {
  const compiled = await loadCompiledPanels(
    fileURLToPath(new URL(`../../${COMPILED_PANELS_PATH}`, import.meta.url)),
    baseUrl,
  );
  if (compiled !== undefined) return compiled;
  const [{ buildPanels }, { loadCatalogSource }] = await Promise.all([
    import('../../lib/catalog/build-panels.ts'),
    import('../../lib/catalog/load-catalog-source.ts'),
  ]);
  return buildPanels(await loadCatalogSource(catalogDataDir()), baseUrl);
}

/** Loads the bundled catalog data and serves it on `port` of `CATALOG_ORIGIN_HOST` (loopback by default). */
export async function startOrigin(
  config: Config,
  port: number,
  logger: Logger,
  metrics?: ServiceMetrics,
): Promise<DrainableServer> {
  const panels = await loadPanels(config.baseUrl);
  const limiter = createQuotaLimiter(config.rateLimitMaxClients);
  metrics?.watchLimiter('origin', limiter);
  const origin = createOriginServer({
    config,
    logger,
    limiter,
    panels,
    ...(metrics === undefined ? {} : { observe: (request) => metrics.observeRequest('origin', request) }),
  });
  const address = await listen(origin.server, port, config.catalogOriginHost);
  const counts = Object.fromEntries(
    Object.entries(panels).map(([template, catalog]) => [template, catalog.data.length]),
  );
  logger.info('listening', { service: 'origin', url: `http://${address}`, markers: counts });
  return origin;
}

/** The bundled origin's servers (none for another origin), and the configuration the site's catalog service asks with. */
export interface BundledOrigin {
  servers: DrainableServer[];
  /** The site's configuration with the origin's key (generated unless set), which exempts the site from its limiter. */
  config: Config;
}

/** Starts the bundled origin beside the site unless `CATALOG_ORIGIN_URL` names another. */
export async function startBundledOrigin(
  config: Config,
  logger: Logger,
  metrics?: ServiceMetrics,
): Promise<BundledOrigin> {
  if (config.catalogOriginUrl !== undefined) return { servers: [], config };
  const keyed = { ...config, catalogOriginKey: config.catalogOriginKey ?? createOriginKey() };
  return { servers: [await startOrigin(keyed, keyed.catalogOriginPort, logger, metrics)], config: keyed };
}
