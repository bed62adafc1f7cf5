import type { Config } from '../../lib/config/config.ts';
import type { BodyText } from './prepared.ts';

/** What the documents built from configuration depend on. */
export type DocumentsConfig = Pick<Config, 'baseUrl' | 'deployEnv' | 'catalogOriginPublicUrl'>;

/**
 * Builds a document that depends only on configuration; the route table names one per row, and the server builds it
 * once per process after start-up, its module imported only then.
 */
export type ConfigDocument = (config: DocumentsConfig) => Promise<BodyText>;

/** The OpenAPI document of each configuration, built once for its JSON and its YAML. */
const openApiDocuments = new WeakMap<DocumentsConfig, ReturnType<typeof buildOpenApi>>();

async function buildOpenApi(config: DocumentsConfig) {
  const [{ buildOpenApiDocument }, paths] = await Promise.all([
    import('../../lib/openapi/build-openapi-document.ts'),
    import('../../lib/openapi/paths/openapi-paths.ts'),
  ]);
  return { document: buildOpenApiDocument(config), paths };
}

function openApiOf(config: DocumentsConfig): ReturnType<typeof buildOpenApi> {
  let built = openApiDocuments.get(config);
  if (built === undefined) openApiDocuments.set(config, (built = buildOpenApi(config)));
  return built;
}

/** The OpenAPI document as JSON. */
export const openApiJson: ConfigDocument = async (config) => {
  const { document, paths } = await openApiOf(config);
  return { text: JSON.stringify(document), contentType: paths.OPENAPI_JSON_TYPE };
};

/** The OpenAPI document as YAML: no anchors (shared objects written out in full) and no folded lines. */
export const openApiYaml: ConfigDocument = async (config) => {
  const [{ document, paths }, { stringify }] = await Promise.all([openApiOf(config), import('yaml')]);
  return {
    text: stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }),
    contentType: paths.OPENAPI_YAML_TYPE,
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
