import type { CacheLookup } from '../../lib/catalog/catalog-cache.ts';
import {
  catalogCacheControl,
  STALE_GRACE_MS,
  type CatalogBody,
  type CatalogService,
} from '../../lib/catalog/catalog-service.ts';
import { badGatewayDetail, upstreamTimeout } from '../../lib/catalog/fetch-upstream-catalog.ts';
import { parseTemplate } from '../../lib/catalog/parse-template.ts';
import { schemaRef } from '../../lib/openapi/component-schemas.ts';
import { headerRefs } from '../../lib/openapi/components-headers.ts';
import { parameterRef } from '../../lib/openapi/components-parameters.ts';
import { catalogExample, problemExample } from '../../lib/openapi/examples.ts';
import type { PathItemObject } from '../../lib/openapi/openapi-types.ts';
import { getAndHead, optionsOperation, type ApiOperation } from '../../lib/openapi/operations.ts';
import { COMMON_RESPONSES, problemResponse, responseHeaders, sharedResponse } from '../../lib/openapi/responses.ts';
import { catalogOriginServer, siteServer, type DocumentConfig } from '../../lib/openapi/servers.ts';
import {
  BiomarkerCatalogSchema,
  CATALOG_PATH,
  DEFAULT_TEMPLATE,
  type CatalogTemplate,
} from '../../lib/schemas/catalog.ts';
import { ProblemSchema } from '../../lib/schemas/problem.ts';
import { queryOf } from '../http/request-path.ts';
import { sendProblem, sendRepresentation, type Exchange } from '../http/send.ts';

/** Headers of every catalog representation: it varies by coding only. */
const CATALOG_HEADERS = ['Vary', 'Accept-Encoding'];

/**
 * Answers `GET|HEAD /v1/biomarkers/public`: synchronously while the panel is fresh, else through the
 * service's cache (RFC 5861). `template` is checked first; `Authorization` changes nothing: a token is accepted and
 * ignored, so a request succeeds the same with or without one (docs/service.md, "OAuth 2.0 and discovery").
 */
export function answerCatalog(exchange: Exchange, service: CatalogService, path: string): Promise<void> | void {
  const parsed = parseTemplate(queryOf(exchange.req.url));
  if (!parsed.ok) return sendProblem(exchange, { code: 'bad_request', detail: parsed.detail, instance: path });
  const fresh = service.cache.peekFresh(parsed.template);
  if (fresh !== undefined) return send(exchange, service, parsed.template, fresh);
  return service.cache.get(parsed.template).then(
    (lookup) => send(exchange, service, parsed.template, lookup),
    (error: unknown) => {
      service.metrics?.observeCatalogLookup(parsed.template, 'failed');
      sendProblem(exchange, { code: 'bad_gateway', detail: badGatewayDetail(error, parsed.template), instance: path });
    },
  );
}

function send(
  exchange: Exchange,
  service: CatalogService,
  template: CatalogTemplate,
  lookup: CacheLookup<CatalogBody>,
): void {
  service.metrics?.observeCatalogLookup(template, lookup.state, lookup.ageMs);
  sendRepresentation(exchange, lookup.value.representation, {
    headers: CATALOG_HEADERS,
    cacheControl: catalogCacheControl(service, lookup),
  });
}

const TAGS = ['Catalog'];

/** `/v1/biomarkers/public` on the site, and on the origin when public (path-level `servers`, OAS 3.1.0 §4.8.9). */
function catalogPath(config: DocumentConfig): PathItemObject {
  const { baseUrl } = config;
  const originServer = catalogOriginServer(config);
  const problem = (code: 'bad_request' | 'bad_gateway', detail: string) =>
    problemExample(baseUrl, code, detail, CATALOG_PATH);
  // The 400 details are what the request's own check answers, so they cannot drift.
  const refused = (query: string) => {
    const result = parseTemplate(query);
    if (result.ok) throw new Error(`an example of a refused query was accepted: ${query}`);
    return problem('bad_request', result.detail);
  };
  return {
    ...(originServer === undefined ? {} : { servers: [siteServer(baseUrl), originServer] }),
    ...getAndHead({
      name: 'Catalog',
      summary: 'The biomarkers of one panel',
      description:
        'The markers of the panel named by `template`, with localized names, categories and units. ' +
        'No authentication is needed; a Bearer token with scope `catalog.read` is accepted and ignored.\n\n' +
        'Every catalog the service serves has been validated. While the upstream catalog origin fails or is ' +
        'slow, the service answers with its last copy, up to `stale-if-error` seconds old, and a request waits ' +
        `at most ${STALE_GRACE_MS} ms for the origin when such a copy is at hand. Poll with ` +
        '`If-None-Match`: an unchanged catalog costs a 304 without a body.',
      tags: TAGS,
      security: [{}, { oauth2: ['catalog.read'] }],
      parameters: [parameterRef('Template'), parameterRef('IfNoneMatch'), parameterRef('IfMatch')],
      responses: {
        '200': {
          description: 'The panel.',
          headers: responseHeaders({
            ...headerRefs('ETag'),
            'Cache-Control': {
              description:
                'How long shared caches may keep it: the whole seconds until the site may answer differently, what is ' +
                'left of its own freshness or, while it serves a stale copy for a failing or slow upstream, until it ' +
                'asks the upstream again (at least 1, so that the copy stays storable; 1 while a refresh may land any ' +
                'moment). Then revalidation in the background and reuse on errors, counted down so that no cache uses ' +
                'the copy longer than the site itself would (RFC 5861). A window the site does not keep is left out, ' +
                'one used up is 0. `no-cache` on the catalog origin, where a deployment publishes it.',
              required: true,
              schema: { type: 'string' },
              example: 'public, max-age=60, stale-while-revalidate=60, stale-if-error=540',
            },
            Vary: {
              description: 'The site picks the content coding by `Accept-Encoding`.',
              schema: { type: 'string', const: 'Accept-Encoding' },
            },
            'Content-Encoding': {
              description: 'br or gzip when `Accept-Encoding` asks for it; absent for identity.',
              schema: { type: 'string', enum: ['br', 'gzip'] },
            },
          }),
          content: {
            'application/json': { schema: schemaRef(BiomarkerCatalogSchema), example: catalogExample(baseUrl) },
          },
        },
        '304': sharedResponse('NotModified'),
        '412': sharedResponse('PreconditionFailed'),
        '400': problemResponse('`template` is not one of the four panels, or the query is malformed.', {
          unknown: { summary: 'Unknown template', value: refused('template=public-complete-us') },
          repeated: {
            summary: 'Repeated template',
            value: refused('template=public-light-eu&template=public-complete-eu'),
          },
        }),
        ...COMMON_RESPONSES,
        '502': problemResponse(
          'The catalog origin failed (refused, timed out, answered non-2xx, non-JSON, oversize or an invalid ' +
            'catalog) and no cached copy is recent enough to serve instead.',
          problem('bad_gateway', badGatewayDetail(upstreamTimeout(5000), DEFAULT_TEMPLATE)),
        ),
      },
    }),
    ...optionsOperation('Catalog', CATALOG_PATH, TAGS),
  };
}

/** The catalog's operations: its panels, and the Problems of its 400 and 502. */
export const catalogOperation: ApiOperation = {
  path: CATALOG_PATH,
  pathItem: catalogPath,
  sends: [BiomarkerCatalogSchema, ProblemSchema],
};
