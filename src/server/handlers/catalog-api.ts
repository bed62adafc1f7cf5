import type { CacheLookup } from '../../lib/catalog/catalog-cache.ts';
import { catalogCacheControl, type CatalogBody, type CatalogService } from '../../lib/catalog/catalog-service.ts';
import { badGatewayDetail } from '../../lib/catalog/fetch-upstream-catalog.ts';
import { parseTemplate } from '../../lib/catalog/parse-template.ts';
import type { CatalogTemplate } from '../../lib/schemas/catalog.ts';
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
