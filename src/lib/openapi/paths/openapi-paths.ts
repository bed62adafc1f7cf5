import { OPENAPI_CACHE_CONTROL } from '../../http/response-headers.ts';
import { OpenApiDocumentSchema } from '../../schemas/openapi.ts';
import { OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from '../../schemas/site-paths.ts';
import { schemaRef } from '../component-schemas.ts';
import { parameterRef } from '../components-parameters.ts';
import type { PathItemObject } from '../openapi-types.ts';
import { preparedDocumentResponses } from '../responses.ts';
import { getAndHead, optionsOperation } from './operations.ts';

/** Media type of the JSON representation. */
export const OPENAPI_JSON_TYPE = 'application/json';
/** Media type of the YAML representation (RFC 9512). */
export const OPENAPI_YAML_TYPE = 'application/yaml';

const TAGS = ['Discovery'];

/** One representation of the document: GET and HEAD with 200 and 304, and OPTIONS. */
function documentPath(name: string, path: string, mediaType: string, format: string): PathItemObject {
  return {
    ...getAndHead({
      name,
      summary: `This OpenAPI description, as ${format}`,
      description:
        `The OpenAPI 3.1 description of the service as ${format}, generated from the same zod schemas that ` +
        'validate the payloads at run time, with a strong `ETag`.',
      tags: TAGS,
      parameters: [parameterRef('IfNoneMatch')],
      responses: preparedDocumentResponses(`The document as ${format}.`, OPENAPI_CACHE_CONTROL, {
        [mediaType]: { schema: schemaRef(OpenApiDocumentSchema) },
      }),
    }),
    ...optionsOperation(name, path, TAGS),
  };
}

/** `/openapi.json` and `/api/openapi.yaml`: the same document in two representations. */
export function openApiPaths(): Record<string, PathItemObject> {
  return {
    [OPENAPI_JSON_PATH]: documentPath('OpenApiJson', OPENAPI_JSON_PATH, OPENAPI_JSON_TYPE, 'JSON'),
    [OPENAPI_YAML_PATH]: documentPath('OpenApiYaml', OPENAPI_YAML_PATH, OPENAPI_YAML_TYPE, 'YAML'),
  };
}
