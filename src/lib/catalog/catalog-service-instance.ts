import { getConfig } from '../config/config.ts';
import { createCatalogService, type CatalogService } from './catalog-service.ts';

let instance: CatalogService | undefined;

/** The process-wide catalog service, created on first use from the configuration. */
export function getCatalogService(): CatalogService {
  instance ??= createCatalogService(getConfig());
  return instance;
}
