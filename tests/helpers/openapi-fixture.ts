import { buildOpenApiDocument } from '../../src/lib/openapi/build-openapi-document.ts';
import type { OpenApiDocument } from '../../src/lib/openapi/openapi-types.ts';

/** The OpenAPI document of a service on `baseUrl` with a private catalog origin (the default). */
export const openApiDocumentFor = (baseUrl: string): OpenApiDocument =>
  buildOpenApiDocument({ baseUrl, catalogOriginPublicUrl: undefined });
