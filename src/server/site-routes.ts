import { CATALOG_PATH } from '../lib/catalog/catalog-path.ts';
import { resolvePagePath } from '../lib/content/page-paths.ts';
import { HEALTH_PATH } from '../lib/health/health-response.ts';
import { API_ROUTE_METHODS, PAGE_METHODS } from '../lib/http/route-methods.ts';
import { TOKEN_ENDPOINT_PATH } from '../lib/oauth/discovery-metadata.ts';
import type { PreparedDocument } from './prepared-document.ts';
import { DOCUMENT_RESOURCES, pageResources, type PageResources, type RenderedResource } from './rendered-resources.ts';

/** How the site answers a path; `methods` are those it serves (OPTIONS aside). */
export type SiteRoute = { methods: readonly string[] } & (
  | { kind: 'page'; page: PageResources; format: 'page' | 'markdown' }
  | { kind: 'rendered'; resource: RenderedResource }
  | { kind: 'document'; document: PreparedDocument }
  | { kind: 'catalog' }
  | { kind: 'health' }
  /** Genuinely dynamic: the token endpoint's Fetch handler answers each request. */
  | { kind: 'token' }
);

/**
 * Every path the site answers besides the build's static files: the catalog, the documents
 * the server builds, the site documents and pages Astro renders (from the page registry,
 * so a page added there is routed here too), health and the token endpoint.
 */
export class SiteRoutes {
  readonly #routes = new Map<string, SiteRoute>();

  constructor(documents: ReadonlyMap<string, PreparedDocument>) {
    const methods = (path: string) => API_ROUTE_METHODS[path] ?? PAGE_METHODS;
    this.#routes.set(CATALOG_PATH, { kind: 'catalog', methods: methods(CATALOG_PATH) });
    this.#routes.set(HEALTH_PATH, { kind: 'health', methods: methods(HEALTH_PATH) });
    this.#routes.set(TOKEN_ENDPOINT_PATH, { kind: 'token', methods: methods(TOKEN_ENDPOINT_PATH) });
    for (const [path, document] of documents)
      this.#routes.set(path, { kind: 'document', document, methods: methods(path) });
    for (const [path, resource] of DOCUMENT_RESOURCES) {
      this.#routes.set(path, { kind: 'rendered', resource, methods: PAGE_METHODS });
    }
  }

  /** The route of `path`, or undefined for a path the site does not serve (404). */
  resolve(path: string): SiteRoute | undefined {
    const known = this.#routes.get(path);
    if (known !== undefined) return known;
    const resolved = resolvePagePath(path);
    if (resolved === undefined) return undefined;
    const route: SiteRoute = {
      kind: 'page',
      page: pageResources(resolved.page, resolved.locale),
      format: resolved.format,
      methods: PAGE_METHODS,
    };
    // Registry paths are a fixed set, so this map stays bounded. An item's page (one per
    // catalog marker) matches by the key's shape, i.e. any request input: never kept here.
    if (resolved.page.item === undefined) this.#routes.set(path, route);
    return route;
  }
}
