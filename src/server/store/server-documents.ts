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

/** The discovery documents' builders and `Cache-Control`, imported when first built. */
async function discovery() {
  return import('../../lib/oauth/discovery-metadata.ts');
}

/**
 * The documents that depend on this deployment's configuration only, by URL path (their
 * `Cache-Control` from the route table): built by the server from the same builders the Astro routes use, once per process, never per
 * request. Their builders are imported after start-up (see `prepareInBackground`).
 */
export function serverDocuments(config: DocumentsConfig): ReadonlyMap<string, PreparedDocument> {
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  const openApi = () => (openapi ??= buildOpenApi(config));
  return new Map<string, PreparedDocument>([
    [
      '/robots.txt',
      new PreparedDocument(async () => {
        const { buildRobotsTxt } = await import('../../lib/discovery/build-crawl-documents.ts');
        const text = buildRobotsTxt({ baseUrl: config.baseUrl, production: config.deployEnv === 'production' });
        return { text, contentType: 'text/plain; charset=utf-8', cacheControl: fixedCacheControl('/robots.txt') };
      }),
    ],
    [
      '/.well-known/oauth-authorization-server',
      new PreparedDocument(async () => {
        const { buildAuthorizationServerMetadata } = await discovery();
        const text = JSON.stringify(buildAuthorizationServerMetadata(config.baseUrl));
        const cacheControl = fixedCacheControl('/.well-known/oauth-authorization-server');
        return { text, contentType: 'application/json', cacheControl };
      }),
    ],
    [
      '/.well-known/oauth-protected-resource',
      new PreparedDocument(async () => {
        const { buildProtectedResourceMetadata } = await discovery();
        const text = JSON.stringify(buildProtectedResourceMetadata(config.baseUrl));
        const cacheControl = fixedCacheControl('/.well-known/oauth-protected-resource');
        return { text, contentType: 'application/json', cacheControl };
      }),
    ],
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
