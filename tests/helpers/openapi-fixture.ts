import type { LoadedOpenApiData } from '../../src/lib/content/page-data.ts';
import { buildOpenApiDocument } from '../../src/lib/openapi/build-openapi-document.ts';

/** The data the API reference page sees for a service on `baseUrl` with a private catalog origin (the default). */
export const loadedOpenApi = (baseUrl: string): LoadedOpenApiData => ({
  ok: true,
  source: 'openapi',
  version: 'v1',
  freshForS: 300,
  openapi: buildOpenApiDocument({ baseUrl, catalogOriginPublicUrl: undefined }),
});
