import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { getConfig } from '../config/config.ts';
import { buildOpenApiDocument } from './build-openapi-document.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { OPENAPI_JSON_TYPE, OPENAPI_YAML_TYPE } from './paths/openapi-paths.ts';

/** One serialised form of the document, with its strong validator. */
export interface Representation {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** The document and its two representations (spec 4.2: the same document as JSON and as YAML). */
export interface OpenApiRepresentations {
  document: OpenApiDocument;
  json: Representation;
  yaml: Representation;
}

const representation = (text: string, contentType: string): Representation => {
  const body = Buffer.from(text);
  // RFC 9110 §8.8.3: strong, from the bytes; the two representations get different tags.
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
};

/** Serialises a document once per form. YAML without anchors: shared objects are written out in full. */
export function serialiseOpenApi(document: OpenApiDocument): OpenApiRepresentations {
  return {
    document,
    json: representation(JSON.stringify(document), OPENAPI_JSON_TYPE),
    yaml: representation(stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }), OPENAPI_YAML_TYPE),
  };
}

let instance: OpenApiRepresentations | undefined;

/** The process-wide document, built from the configuration and serialised on first use. */
export function getOpenApiRepresentations(): OpenApiRepresentations {
  instance ??= serialiseOpenApi(buildOpenApiDocument(getConfig()));
  return instance;
}
