import { getConfig } from '../config/config.ts';
import { createCatalogService, type CatalogService } from './catalog-service.ts';

/**
 * Where the process-wide service lives: on `globalThis`, because the server (`dist/node/`)
 * and the Astro bundle it loads later are two module graphs, and both must read one cache:
 * a data-driven page must be rendered from the very panels the API serves.
 */
const INSTANCE = Symbol.for('biomarker-catalog.catalog-service');

/** The process-wide catalog service, created on first use from the configuration. */
export function getCatalogService(): CatalogService {
  const holder = globalThis as { [INSTANCE]?: CatalogService };
  holder[INSTANCE] ??= createCatalogService(getConfig());
  return holder[INSTANCE];
}
