import { STALE_GRACE_MS } from '../../catalog/catalog-service.ts';
import { badGatewayDetail, upstreamTimeout } from '../../catalog/fetch-upstream-catalog.ts';
import { parseTemplate } from '../../catalog/parse-template.ts';
import { catalogExample, problemExample } from '../examples.ts';
import { BiomarkerCatalogSchema, CATALOG_PATH, DEFAULT_TEMPLATE } from '../../schemas/catalog.ts';
import { schemaRef } from '../component-schemas.ts';
import { headerRefs } from '../components-headers.ts';
import { parameterRef } from '../components-parameters.ts';
import type { PathItemObject } from '../openapi-types.ts';
import { COMMON_RESPONSES, problemResponse, responseHeaders, sharedResponse } from '../responses.ts';
import { catalogOriginServer, siteServer, type DocumentConfig } from '../servers.ts';
import { getAndHead, optionsOperation, type ApiOperation } from '../operations.ts';
import { ProblemSchema } from '../../schemas/problem.ts';

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
