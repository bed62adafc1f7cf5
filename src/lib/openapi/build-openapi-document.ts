import { CATALOG_READ, TOKEN_ENDPOINT_PATH } from '../schemas/oauth.ts';
import { ProblemSchema } from '../schemas/problem.ts';
import { OAS_31_DIALECT, OPENAPI_VERSION, OpenApiDocumentSchema } from '../schemas/openapi.ts';
import { CATALOG_POLICY } from '../rate-limit/headers.ts';
import { buildComponentSchemas } from './component-schemas.ts';
import { COMPONENT_HEADERS } from './components-headers.ts';
import { COMPONENT_PARAMETERS } from './components-parameters.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import type { ApiOperation } from './operations.ts';
import { buildSharedResponses } from './responses.ts';
import { siteServer, type DocumentConfig } from './servers.ts';

const { limit, windowSeconds } = CATALOG_POLICY;

/** English ordinal suffixes by plural category (`Intl.PluralRules` with `type: 'ordinal'`): 1st, 2nd, 3rd, 4th. */
const ORDINAL_SUFFIXES: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
const englishOrdinal = (n: number): string =>
  `${n}${ORDINAL_SUFFIXES[new Intl.PluralRules('en', { type: 'ordinal' }).select(n)] ?? 'th'}`;

const DESCRIPTION = `A public, read-only catalog of the biomarkers of a preventive blood panel: four panels \
(EU and UK, complete and light) with localized names, categories and units. It holds no member results or \
other health data, and its content is educational, not medical advice.

**Authentication** is never required. An optional OAuth 2.0 client-credentials token (public clients, scope \
\`catalog.read\`) is accepted by the catalog and ignored.

**Rate limit**: ${limit} requests per ${windowSeconds}-second window per client, errors included, announced on every response by \
the \`RateLimit\`, \`RateLimit-Policy\`, \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` \
headers. The ${englishOrdinal(limit + 1)} request gets 429 with \`Retry-After\`. CORS preflights and the static files a guide page loads \
(styles, scripts, icons) take nothing from the quota.

**Errors** are RFC 9457 Problems (\`application/problem+json\`) whose \`type\` links the developer guide; the token \
endpoint answers bad grant requests with RFC 6749 errors instead. Any method a path does not list gets 405 with \
\`Allow\`.

**CORS**: every response allows any origin (\`Access-Control-Allow-Origin: *\`) and exposes the rate-limit \
headers, \`Retry-After\`, \`ETag\`, \`Link\`, \`WWW-Authenticate\` and \`X-Request-Id\`.`;

/** The document's title and version. */
export const API_INFO = { title: 'Biomarker Catalog API', version: '1.0.0' };

/** Media type of the document's JSON representation. */
export const OPENAPI_JSON_TYPE = 'application/json';
/** Media type of the document's YAML representation (RFC 9512). */
export const OPENAPI_YAML_TYPE = 'application/yaml';

/** Shapes of the document itself, after the operations': the shared responses' Problem, and the document's own. */
const DOCUMENT_SCHEMAS = [ProblemSchema, OpenApiDocumentSchema];

/**
 * The OpenAPI 3.1 document for a configuration (docs/service.md, "OpenAPI"): servers and URLs from BASE_URL, schemas
 * from zod, and one path per operation, in the order given: the operations the API rows of the route table carry
 * (`API_ROUTE_OPERATIONS`, src/server/routes.ts), handed in by whoever builds it.
 */
export function buildOpenApiDocument(config: DocumentConfig, operations: readonly ApiOperation[]): OpenApiDocument {
  const { baseUrl } = config;
  const info = API_INFO;
  const document: OpenApiDocument = {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: OAS_31_DIALECT,
    info: {
      ...info,
      summary: 'Public, read-only catalog of preventive blood panel biomarkers.',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [siteServer(baseUrl)],
    // No operation needs credentials; the catalog overrides this to accept an optional token.
    security: [],
    tags: [
      { name: 'Catalog', description: 'The biomarker panels.' },
      { name: 'OAuth', description: 'The optional token endpoint and its RFC 8414 / RFC 9728 discovery documents.' },
      { name: 'Discovery', description: 'This description of the API, as JSON and YAML.' },
      { name: 'Operations', description: 'Probes for load balancers and containers.' },
    ],
    externalDocs: { description: 'Developer guide', url: `${baseUrl}/developers` },
    paths: Object.fromEntries(operations.map((operation) => [operation.path, operation.pathItem(config)])),
    components: {
      schemas: buildComponentSchemas(
        [...operations.flatMap((operation) => operation.sends), ...DOCUMENT_SCHEMAS],
        operations.flatMap((operation) => operation.reads ?? []),
      ),
      responses: buildSharedResponses(baseUrl),
      parameters: COMPONENT_PARAMETERS,
      headers: COMPONENT_HEADERS,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description:
            'Optional. Client-credentials tokens for public clients (no client secret); the catalog accepts ' +
            'them and ignores them for authorization.',
          flows: {
            clientCredentials: {
              tokenUrl: `${baseUrl}${TOKEN_ENDPOINT_PATH}`,
              scopes: { [CATALOG_READ]: 'Read the public biomarker catalog.' },
            },
          },
        },
      },
    },
  };
  OpenApiDocumentSchema.parse(document);
  return document;
}
