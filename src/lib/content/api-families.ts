import { CATALOG_PATH } from '../schemas/catalog.ts';
import { HEALTH_PATH } from '../schemas/health.ts';
import { OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from '../schemas/site-paths.ts';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  TOKEN_ENDPOINT_PATH,
} from '../schemas/oauth.ts';

/**
 * The API reference's pages: an overview at `developers/api` (every operation in one list,
 * the schemas and the shared response headers), and one page per family of operations,
 * `developers/api/<id>`, listing the document's paths of that family. The one place that
 * groups them: the page registry, the components, their Markdown twins and "On this page"
 * all read this table, and a path of the document that no family claims fails the build.
 */
export const API_FAMILIES = [
  { id: 'catalog', paths: [CATALOG_PATH] },
  { id: 'token', paths: [TOKEN_ENDPOINT_PATH] },
  { id: 'discovery', paths: [AUTHORIZATION_SERVER_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATH] },
  { id: 'openapi', paths: [OPENAPI_JSON_PATH, OPENAPI_YAML_PATH] },
  { id: 'health', paths: [HEALTH_PATH] },
] as const;

/** One family's id: `catalog`, `token`… */
export type ApiFamilyId = (typeof API_FAMILIES)[number]['id'];

/** The slug of the reference's overview page. */
export const API_REFERENCE_SLUG = 'developers/api';

/** The slug of a family's page: `developers/api/catalog`. */
export const apiFamilySlug = (id: ApiFamilyId): string => `${API_REFERENCE_SLUG}/${id}`;

/** The family whose page has this slug, if any. */
export const apiFamilyOfSlug = (slug: string): ApiFamilyId | undefined =>
  API_FAMILIES.find((family) => apiFamilySlug(family.id) === slug)?.id;

/** The family a path of the document belongs to; throws for a path no family claims. */
export function apiFamilyOfPath(path: string): ApiFamilyId {
  const family = API_FAMILIES.find((each) => (each.paths as readonly string[]).includes(path));
  if (family === undefined) throw new Error(`no API reference family lists ${path}: add it to API_FAMILIES`);
  return family.id;
}

/** The request sample of an operation: `content/samples/api-<operationId in kebab-case>/`. */
export const operationSampleId = (operationId: string): string =>
  `api-${operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
