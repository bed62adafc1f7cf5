import { parseConfig } from '../../../src/lib/config/config.ts';
import { buildOpenApiDocument } from '../../../src/lib/openapi/build-openapi-document.ts';
import type { OpenApiDocument } from '../../../src/lib/openapi/openapi-types.ts';
import { API_ROUTE_OPERATIONS } from '../../../src/server/routes.ts';
import { SchemaValidator } from './schema-validator.ts';

/** The document of one server under test, and a validator for its schemas. */
interface ServerContract {
  document: OpenApiDocument;
  validator: SchemaValidator;
}

/** Where a request went, in the document's terms. */
export interface ContractTarget extends ServerContract {
  /** The documented path the request asked for. */
  path: string;
}

/** Documents by listen origin (`http://127.0.0.1:<port>`) and the document server that origin is. */
const servers = new Map<string, { contract: ServerContract; documentServer: string }>();

/** Forgets every registered service: a new test file starts with none. */
export function forgetServersUnderTest(): void {
  servers.clear();
}

/**
 * Registers a started service: requests to `siteUrl` are checked as requests to BASE_URL, and
 * (when the bundled origin runs and is public, `CATALOG_ORIGIN_PUBLIC_URL`) requests to
 * `originUrl` as requests to the catalog origin, against the document built in-process from
 * the environment the service was started with. A private origin is in no document, so its
 * responses are outside the contract.
 */
export function registerServerUnderTest(siteUrl: string, originUrl: string | undefined, env: Record<string, string>) {
  const config = parseConfig(env);
  const document = buildOpenApiDocument(config, API_ROUTE_OPERATIONS);
  const contract = { document, validator: new SchemaValidator(document) };
  servers.set(new URL(siteUrl).origin, { contract, documentServer: config.baseUrl });
  if (originUrl !== undefined && config.catalogOriginPublicUrl !== undefined) {
    servers.set(new URL(originUrl).origin, { contract, documentServer: config.catalogOriginPublicUrl });
  }
}

/**
 * The contract a request falls under: a registered server, a documented path, and that path
 * served on that server (path-level `servers`, else the document's). Undefined otherwise: HTML
 * pages, unknown paths, fake upstreams and other hosts are outside the API contract.
 */
export function contractFor(url: string): ContractTarget | undefined {
  const target = new URL(url);
  const server = servers.get(target.origin);
  if (server === undefined) return undefined;
  const { document } = server.contract;
  const item = document.paths[target.pathname];
  if (item === undefined) return undefined;
  const served = (item.servers ?? document.servers).some(({ url: documented }) => documented === server.documentServer);
  return served ? { ...server.contract, path: target.pathname } : undefined;
}
