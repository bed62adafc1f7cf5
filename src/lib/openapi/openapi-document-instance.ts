import { createHash } from 'node:crypto';
import { getConfig } from '../config/config.ts';
import { buildOpenApiDocument } from './build-openapi-document.ts';
import type { OpenApiDocument } from './openapi-types.ts';

/** The OpenAPI document of this process and a version naming its content. */
export interface VersionedOpenApiDocument {
  document: OpenApiDocument;
  version: string;
}

let instance: VersionedOpenApiDocument | undefined;

/** The process-wide document, built from the configuration on first use (the API reference page's data). */
export function getOpenApiDocument(): VersionedOpenApiDocument {
  if (instance === undefined) {
    const document = buildOpenApiDocument(getConfig());
    const version = createHash('sha1').update(JSON.stringify(document)).digest('base64url');
    instance = { document, version };
  }
  return instance;
}
