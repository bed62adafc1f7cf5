import type { ZodType } from 'zod';
import type { Config } from '../../lib/config/config.ts';
import { METADATA_CACHE_CONTROL, OPENAPI_CACHE_CONTROL } from '../../lib/http/response-headers.ts';
import {
  buildAuthorizationServerMetadata,
  buildProtectedResourceMetadata,
} from '../../lib/oauth/discovery-metadata.ts';
import { API_INFO, OPENAPI_JSON_TYPE, OPENAPI_YAML_TYPE } from '../../lib/openapi/build-openapi-document.ts';
import { schemaRef } from '../../lib/openapi/component-schemas.ts';
import { parameterRef } from '../../lib/openapi/components-parameters.ts';
import type { ExampleObject, PathItemObject } from '../../lib/openapi/openapi-types.ts';
import { getAndHead, optionsOperation, type ApiOperation } from '../../lib/openapi/operations.ts';
import { preparedDocumentResponses } from '../../lib/openapi/responses.ts';
import { siteServer } from '../../lib/openapi/servers.ts';
import {
  AuthorizationServerMetadataSchema,
  ProtectedResourceMetadataSchema,
} from '../../lib/schemas/oauth-metadata.ts';
import { AUTHORIZATION_SERVER_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../lib/schemas/oauth.ts';
import { OAS_31_DIALECT, OPENAPI_VERSION, OpenApiDocumentSchema } from '../../lib/schemas/openapi.ts';
import { OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from '../../lib/schemas/site-paths.ts';
import { sendRepresentation, type Exchange } from '../http/send.ts';
import type { BodyText, Prepared, PreparedBody } from '../store/prepared.ts';

/** Site documents vary by coding only. */
const DOCUMENT_HEADERS = ['Vary', 'Accept-Encoding'];

/**
 * Answers a document the server builds itself from the configuration (OpenAPI, OAuth discovery, robots.txt), once it
 * is built: the first request waits for it, every later one is written from memory. Its builders are
 * below; the API documents' operations follow (the RFC 8414 and RFC 9728 metadata, the
 * OpenAPI document as JSON and YAML), carried by their rows of the route table.
 */
export function answerDocument(exchange: Exchange, document: PreparedBody, cacheControl: string): Promise<void> | void {
  const send = ({ representation }: Prepared) =>
    sendRepresentation(exchange, representation, { headers: DOCUMENT_HEADERS, cacheControl });
  const ready = document.ready;
  return ready === undefined ? document.prepare().then(send) : send(ready);
}

/** The OAuth discovery documents' tag; the OpenAPI document's own operations are under `Discovery`. */
const DISCOVERY_TAGS = ['OAuth'];

/** What tells one OAuth discovery document's path item from the other's. */
interface DiscoveryDocument {
  path: string;
  name: string;
  summary: string;
  description: string;
  schema: ZodType;
  example: (baseUrl: string) => object;
}

/** A discovery document's path item: GET and HEAD with its metadata as the example, and the preflight. */
function discoveryPathItem(document: DiscoveryDocument, baseUrl: string): PathItemObject {
  const { path, name, summary, description, schema, example } = document;
  const responses = preparedDocumentResponses('The metadata document.', METADATA_CACHE_CONTROL, {
    'application/json': { schema: schemaRef(schema), example: example(baseUrl) },
  });
  return {
    ...getAndHead({
      name,
      summary,
      description,
      tags: DISCOVERY_TAGS,
      parameters: [parameterRef('IfNoneMatch'), parameterRef('IfMatch')],
      responses,
    }),
    ...optionsOperation(name, path, DISCOVERY_TAGS),
  };
}

/** A discovery document's operations, its path item built for the document's base URL. */
const discoveryOperation = (document: DiscoveryDocument): ApiOperation => ({
  path: document.path,
  pathItem: ({ baseUrl }) => discoveryPathItem(document, baseUrl),
  sends: [document.schema],
});

/** The authorization server metadata's operations (RFC 8414). */
export const authorizationServerMetadataOperation = discoveryOperation({
  path: AUTHORIZATION_SERVER_METADATA_PATH,
  name: 'AuthorizationServerMetadata',
  summary: 'OAuth 2.0 authorization server metadata',
  description:
    "RFC 8414 metadata: `issuer` is exactly the service's base URL (its origin, no path); the token endpoint " +
    'issues client-credentials tokens ' +
    'for scope `catalog.read` to public clients (`token_endpoint_auth_methods_supported: ["none"]`). ' +
    '`response_types_supported` is empty: there is no authorization endpoint.',
  schema: AuthorizationServerMetadataSchema,
  example: buildAuthorizationServerMetadata,
});

/** The protected resource metadata's operations (RFC 9728). */
export const protectedResourceMetadataOperation = discoveryOperation({
  path: PROTECTED_RESOURCE_METADATA_PATH,
  name: 'ProtectedResourceMetadata',
  summary: 'OAuth 2.0 protected resource metadata',
  description:
    "RFC 9728 metadata of the catalog: `resource` is exactly the service's base URL (its origin), tokens are " +
    'sent in the ' +
    '`Authorization` header, and the only scope is `catalog.read`.',
  schema: ProtectedResourceMetadataSchema,
  example: buildProtectedResourceMetadata,
});

const DOCUMENT_TAGS = ['Discovery'];

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
      tags: DOCUMENT_TAGS,
      parameters: [parameterRef('IfNoneMatch'), parameterRef('IfMatch')],
      responses: preparedDocumentResponses(`The document as ${format}.`, OPENAPI_CACHE_CONTROL, {
        [mediaType]: { schema: schemaRef(OpenApiDocumentSchema), examples },
      }),
    }),
    ...optionsOperation(name, path, DOCUMENT_TAGS),
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

/** What the documents built from configuration depend on. */
export type DocumentsConfig = Pick<Config, 'baseUrl' | 'deployEnv' | 'catalogOriginPublicUrl'>;

/**
 * Builds a document that depends only on configuration and, for the OpenAPI document, on the operations the route
 * table's API rows carry (`API_ROUTE_OPERATIONS`, which the table hands in: this module knows no routes); the table
 * names one per row, and the server builds it once per process after start-up, its module imported only then.
 */
export type ConfigDocument = (config: DocumentsConfig, operations: readonly ApiOperation[]) => Promise<BodyText>;

/** The OpenAPI module and document of a configuration and its operations. */
type BuiltOpenApi = Promise<{
  document: import('../../lib/openapi/openapi-types.ts').OpenApiDocument;
  build: typeof import('../../lib/openapi/build-openapi-document.ts');
}>;

/** The OpenAPI document of each configuration and list of operations, built once for its JSON and its YAML. */
const openApiDocuments = new WeakMap<readonly ApiOperation[], WeakMap<DocumentsConfig, BuiltOpenApi>>();

async function buildOpenApi(config: DocumentsConfig, operations: readonly ApiOperation[]): BuiltOpenApi {
  const build = await import('../../lib/openapi/build-openapi-document.ts');
  return { document: build.buildOpenApiDocument(config, operations), build };
}

function openApiOf(config: DocumentsConfig, operations: readonly ApiOperation[]): BuiltOpenApi {
  let byConfig = openApiDocuments.get(operations);
  if (byConfig === undefined) openApiDocuments.set(operations, (byConfig = new WeakMap()));
  let built = byConfig.get(config);
  if (built === undefined) byConfig.set(config, (built = buildOpenApi(config, operations)));
  return built;
}

/** The OpenAPI document as JSON. */
export const openApiJson: ConfigDocument = async (config, operations) => {
  const { document, build } = await openApiOf(config, operations);
  return { text: JSON.stringify(document), contentType: build.OPENAPI_JSON_TYPE };
};

/** The OpenAPI document as YAML: no anchors (shared objects written out in full) and no folded lines. */
export const openApiYaml: ConfigDocument = async (config, operations) => {
  const [{ document, build }, { stringify }] = await Promise.all([openApiOf(config, operations), import('yaml')]);
  return {
    text: stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }),
    contentType: build.OPENAPI_YAML_TYPE,
  };
};

/** `robots.txt`: everything allowed in production, nothing elsewhere. */
export const robotsTxt: ConfigDocument = async (config) => {
  const { buildRobotsTxt } = await import('../../lib/discovery/build-crawl-documents.ts');
  const text = buildRobotsTxt({ baseUrl: config.baseUrl, production: config.deployEnv === 'production' });
  return { text, contentType: 'text/plain; charset=utf-8' };
};

/** An OAuth discovery document (RFC 8414, RFC 9728) as JSON. */
const discoveryDocument =
  (builder: 'buildAuthorizationServerMetadata' | 'buildProtectedResourceMetadata'): ConfigDocument =>
  async (config) => {
    const metadata = (await import('../../lib/oauth/discovery-metadata.ts'))[builder](config.baseUrl);
    return { text: JSON.stringify(metadata), contentType: 'application/json' };
  };

/** The authorization server metadata (RFC 8414). */
export const authorizationServerMetadata = discoveryDocument('buildAuthorizationServerMetadata');

/** The protected resource metadata (RFC 9728). */
export const protectedResourceMetadata = discoveryDocument('buildProtectedResourceMetadata');
