import { buildOpenApiDocument } from '../../src/lib/openapi/build-openapi-document.ts';
import type { OpenApiDocument } from '../../src/lib/openapi/openapi-types.ts';
import { API_ROUTE_OPERATIONS } from '../../src/server/routes.ts';

/** The OpenAPI document of a service on `baseUrl` with a private catalog origin (the default), as the site serves it. */
export const openApiDocumentFor = (baseUrl: string): OpenApiDocument =>
  buildOpenApiDocument({ baseUrl, catalogOriginPublicUrl: undefined }, API_ROUTE_OPERATIONS);
