import { createRepresentation, type Representation } from '../http/representation.ts';
import { stringify } from 'yaml';
import { getConfig } from '../config/config.ts';
import { buildOpenApiDocument } from './build-openapi-document.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { OPENAPI_JSON_TYPE, OPENAPI_YAML_TYPE } from './paths/openapi-paths.ts';

/** The document and its two representations (spec 4.2: the same document as JSON and as YAML). */
export interface OpenApiRepresentations {
  document: OpenApiDocument;
  json: Representation;
  yaml: Representation;
}

/** Serialises a document once per form. YAML without anchors: shared objects are written out in full. */
export function serialiseOpenApi(document: OpenApiDocument): OpenApiRepresentations {
  return {
    document,
    json: createRepresentation(JSON.stringify(document), OPENAPI_JSON_TYPE),
    yaml: createRepresentation(stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }), OPENAPI_YAML_TYPE),
  };
}

let instance: OpenApiRepresentations | undefined;

/** The process-wide document, built from the configuration and serialised on first use. */
export function getOpenApiRepresentations(): OpenApiRepresentations {
  instance ??= serialiseOpenApi(buildOpenApiDocument(getConfig()));
  return instance;
}
