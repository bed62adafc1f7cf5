import type { Config } from '../../lib/config/config.ts';
import { PreparedDocument } from './prepared.ts';
import { fixedCacheControl } from '../routes.ts';

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

/** The documents that depend only on configuration, by URL path, built once per process after start-up. */
export function serverDocuments(config: DocumentsConfig): ReadonlyMap<string, PreparedDocument> {
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  const openApi = () => (openapi ??= buildOpenApi(config));
  /** An OAuth discovery document (RFC 8414, RFC 9728) as JSON, its builder imported when first built. */
  const discoveryDocument = (
    path: string,
    builder: 'buildAuthorizationServerMetadata' | 'buildProtectedResourceMetadata',
  ): [string, PreparedDocument] => [
    path,
    new PreparedDocument(async () => {
      const metadata = (await import('../../lib/oauth/discovery-metadata.ts'))[builder](config.baseUrl);
      return { text: JSON.stringify(metadata), contentType: 'application/json', cacheControl: fixedCacheControl(path) };
    }),
  ];
  return new Map<string, PreparedDocument>([
    [
      '/robots.txt',
      new PreparedDocument(async () => {
        const { buildRobotsTxt } = await import('../../lib/discovery/build-crawl-documents.ts');
        const text = buildRobotsTxt({ baseUrl: config.baseUrl, production: config.deployEnv === 'production' });
        return { text, contentType: 'text/plain; charset=utf-8', cacheControl: fixedCacheControl('/robots.txt') };
      }),
    ],
    discoveryDocument('/.well-known/oauth-authorization-server', 'buildAuthorizationServerMetadata'),
    discoveryDocument('/.well-known/oauth-protected-resource', 'buildProtectedResourceMetadata'),
    [
      '/openapi.json',
      new PreparedDocument(async () => {
        const { document, paths } = await openApi();
        const text = JSON.stringify(document);
        return { text, contentType: paths.OPENAPI_JSON_TYPE, cacheControl: fixedCacheControl(paths.OPENAPI_JSON_PATH) };
      }),
    ],
    [
      '/api/openapi.yaml',
      new PreparedDocument(async () => {
        const [{ document, paths }, { stringify }] = await Promise.all([openApi(), import('yaml')]);
        // No anchors (shared objects written out in full) and no folded lines.
        const text = stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
        return { text, contentType: paths.OPENAPI_YAML_TYPE, cacheControl: fixedCacheControl(paths.OPENAPI_YAML_PATH) };
      }),
    ],
  ]);
}
