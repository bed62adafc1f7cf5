import type { Config } from '../../lib/config/config.ts';
import type { ApiOperation } from '../../lib/openapi/operations.ts';
import type { BodyText } from './prepared.ts';

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
