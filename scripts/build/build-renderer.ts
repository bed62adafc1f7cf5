// Build steps render through the built Astro bundle as the site server does, with services of their own.
import { fileURLToPath } from 'node:url';
import { createCatalogService } from '../../src/lib/catalog/catalog-service.ts';
import {
  COMPILED_PANELS_PATH,
  loadCompiledPanels,
  type CompiledPanels,
} from '../../src/lib/catalog/compiled-panels.ts';
import type { UpstreamRequest } from '../../src/lib/catalog/upstream-reply.ts';
import { BASE_URL_PLACEHOLDER, parseConfig } from '../../src/lib/config/config.ts';
import { CATALOG_TEMPLATES, DEFAULT_TEMPLATE } from '../../src/lib/schemas/catalog.ts';
import { openApiDocumentGetter, type RenderServices } from '../../src/lib/site-pages/render-services.ts';
import { API_ROUTE_OPERATIONS } from '../../src/server/routes.ts';
import { AstroRenderer, bundleHandler } from '../../src/server/store/astro-renderer.ts';

const ROOT = new URL('../../', import.meta.url);

/** The panels `compileCatalog` wrote (dist/catalog/), with the base-URL placeholder the build renders with. */
export async function loadBundledPanels(): Promise<CompiledPanels> {
  const panels = await loadCompiledPanels(fileURLToPath(new URL(COMPILED_PANELS_PATH, ROOT)), BASE_URL_PLACEHOLDER);
  if (panels === undefined) throw new Error(`${COMPILED_PANELS_PATH} is missing: compile the catalog first`);
  return panels;
}

/**
 * What the build's renders get as `locals`, as the site server hands its own (src/server/site.ts): a configuration
 * whose `BASE_URL` is the placeholder the server puts its own in for, a catalog service that answers from the bundled
 * panels instead of an origin, since nothing listens during the build, no prepared samples, which the build is
 * making, and the OpenAPI document of the route table's operations.
 */
function buildRenderServices(panels: CompiledPanels): RenderServices {
  const upstream: UpstreamRequest = async (url) => {
    const template = new URL(url).searchParams.get('template');
    const body = Buffer.from(
      JSON.stringify(panels[CATALOG_TEMPLATES.find((known) => known === template) ?? DEFAULT_TEMPLATE]),
    );
    return {
      status: 200,
      contentType: 'application/json',
      contentLength: body.length,
      read: async () => body,
      discard: () => undefined,
    };
  };
  const config = parseConfig({ BASE_URL: BASE_URL_PLACEHOLDER, METRICS_PORT: 'off', LOG_LEVEL: 'error' });
  const catalog = createCatalogService(config, { request: upstream });
  return {
    catalog,
    sampleFragments: new Map(),
    config,
    openApiDocument: openApiDocumentGetter(config, API_ROUTE_OPERATIONS),
  };
}

/** The built Astro bundle (dist/server/), rendering with the build's services over `panels`. */
export const buildRenderer = (panels: CompiledPanels): AstroRenderer =>
  new AstroRenderer(bundleHandler(new URL('dist/server/entry.mjs', ROOT).href), buildRenderServices(panels));
