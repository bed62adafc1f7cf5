import type { Config } from '../../lib/config/config.ts';
import { AUTHORIZATION_SERVER_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../lib/schemas/oauth.ts';
import { PreparedBody } from './prepared.ts';

/** What the documents depend on. */
type DocumentsConfig = Pick<Config, 'baseUrl' | 'deployEnv' | 'catalogOriginPublicUrl'>;

/** The OpenAPI document of this deployment, its generator imported only when it is first built. */
async function buildOpenApi(config: DocumentsConfig) {
  const [{ buildOpenApiDocument }, paths] = await Promise.all([
    import('../../lib/openapi/build-openapi-document.ts'),
    import('../../lib/openapi/paths/openapi-paths.ts'),
  ]);
  return { document: buildOpenApiDocument(config), paths };
}

/**
 * The documents that depend only on configuration, by URL path, built once per process after start-up; their
 * `Cache-Control` is the route table's.
 */
export function serverDocuments(config: DocumentsConfig): ReadonlyMap<string, PreparedBody> {
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  const openApi = () => (openapi ??= buildOpenApi(config));
  /** An OAuth discovery document (RFC 8414, RFC 9728) as JSON, its builder imported when first built. */
  const discoveryDocument = (builder: 'buildAuthorizationServerMetadata' | 'buildProtectedResourceMetadata') =>
    new PreparedBody(async () => {
      const metadata = (await import('../../lib/oauth/discovery-metadata.ts'))[builder](config.baseUrl);
      return { text: JSON.stringify(metadata), contentType: 'application/json' };
    });
  return new Map<string, PreparedBody>([
    [
      '/robots.txt',
      new PreparedBody(async () => {
        const { buildRobotsTxt } = await import('../../lib/discovery/build-crawl-documents.ts');
        const text = buildRobotsTxt({ baseUrl: config.baseUrl, production: config.deployEnv === 'production' });
        return { text, contentType: 'text/plain; charset=utf-8' };
      }),
    ],
    [AUTHORIZATION_SERVER_METADATA_PATH, discoveryDocument('buildAuthorizationServerMetadata')],
    [PROTECTED_RESOURCE_METADATA_PATH, discoveryDocument('buildProtectedResourceMetadata')],
    [
      '/openapi.json',
      new PreparedBody(async () => {
        const { document, paths } = await openApi();
        return { text: JSON.stringify(document), contentType: paths.OPENAPI_JSON_TYPE };
      }),
    ],
    [
      '/api/openapi.yaml',
      new PreparedBody(async () => {
        const [{ document, paths }, { stringify }] = await Promise.all([openApi(), import('yaml')]);
        // No anchors (shared objects written out in full) and no folded lines.
        const text = stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
        return { text, contentType: paths.OPENAPI_YAML_TYPE };
      }),
    ],
  ]);
}
