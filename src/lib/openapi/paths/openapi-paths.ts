import { OPENAPI_CACHE_CONTROL } from '../../http/response-headers.ts';
import { OAS_31_DIALECT, OPENAPI_VERSION, OpenApiDocumentSchema } from '../../schemas/openapi.ts';
import { OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from '../../schemas/site-paths.ts';
import { schemaRef } from '../component-schemas.ts';
import { parameterRef } from '../components-parameters.ts';
import type { ExampleObject, PathItemObject } from '../openapi-types.ts';
import { siteServer } from '../servers.ts';
import { preparedDocumentResponses } from '../responses.ts';
import { getAndHead, optionsOperation, type ApiOperation } from '../operations.ts';

/** Media type of the JSON representation. */
export const OPENAPI_JSON_TYPE = 'application/json';
/** Media type of the YAML representation (RFC 9512). */
export const OPENAPI_YAML_TYPE = 'application/yaml';

const TAGS = ['Discovery'];

/** The document's title and version. */
export const API_INFO = { title: 'Biomarker Catalog API', version: '1.0.0' };

/** What the example of the document shows of it: where it is served, its title and version. */
interface DocumentStart {
  baseUrl: string;
  info: { title: string; version: string };
}

const summaryOf = (format: string): string => `This OpenAPI description, as ${format}`;

/**
 * The start of the document as an example of its 200: its first members as served, with one
 * path (this one) standing for all of them; the document itself lists every path and component.
 * In the document's order of members (the examples' test checks it against the schema). An example
 * is a value, the same for both representations; the reference shows it in each one's format.
 */
function documentExample({ baseUrl, info }: DocumentStart): Record<string, ExampleObject> {
  const start = {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: OAS_31_DIALECT,
    info,
    servers: [siteServer(baseUrl)],
    paths: { [OPENAPI_JSON_PATH]: { get: { operationId: 'getOpenApiJson', summary: summaryOf('JSON') } } },
  };
  return {
    documentStart: {
      summary: 'The start of the document, shortened to one path',
      value: start,
    },
  };
}

/** One representation of the document: GET and HEAD with 200 and 304, and OPTIONS. */
function documentPath(
  name: string,
  path: string,
  mediaType: string,
  format: string,
  examples: Record<string, ExampleObject>,
): PathItemObject {
  return {
    ...getAndHead({
      name,
      summary: summaryOf(format),
      description:
        `The OpenAPI 3.1 description of the service as ${format}, generated from the same zod schemas that ` +
        'validate the payloads at run time, with a strong `ETag`.',
      tags: TAGS,
      parameters: [parameterRef('IfNoneMatch'), parameterRef('IfMatch')],
      responses: preparedDocumentResponses(`The document as ${format}.`, OPENAPI_CACHE_CONTROL, {
        [mediaType]: { schema: schemaRef(OpenApiDocumentSchema), examples },
      }),
    }),
    ...optionsOperation(name, path, TAGS),
  };
}

/** `/openapi.json` and `/api/openapi.yaml`: the same document in two representations. */
function openApiPaths(start: DocumentStart): Record<string, PathItemObject> {
  return {
    [OPENAPI_JSON_PATH]: documentPath(
      'OpenApiJson',
      OPENAPI_JSON_PATH,
      OPENAPI_JSON_TYPE,
      'JSON',
      documentExample(start),
    ),
    [OPENAPI_YAML_PATH]: documentPath(
      'OpenApiYaml',
      OPENAPI_YAML_PATH,
      OPENAPI_YAML_TYPE,
      'YAML',
      documentExample(start),
    ),
  };
}

/**
 * The document's own operations, as JSON and as YAML. Their shape, `OpenApiDocument`, is the document's own, listed
 * by the document after every route's shapes.
 */
export const openApiJsonOperation: ApiOperation = {
  path: OPENAPI_JSON_PATH,
  pathItem: ({ baseUrl }) => openApiPaths({ baseUrl, info: API_INFO })[OPENAPI_JSON_PATH]!,
  sends: [],
};

/** See `openApiJsonOperation`. */
export const openApiYamlOperation: ApiOperation = {
  path: OPENAPI_YAML_PATH,
  pathItem: ({ baseUrl }) => openApiPaths({ baseUrl, info: API_INFO })[OPENAPI_YAML_PATH]!,
  sends: [],
};
