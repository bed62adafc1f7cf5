/**
 * The paths of the site's documents. The route table (`src/server/routes.ts`) serves them at these paths, and
 * everything that names or links one reads it from here: a path is spelled once.
 */

/** The OpenAPI document as JSON. */
export const OPENAPI_JSON_PATH = '/openapi.json';
/** The same document as YAML. */
export const OPENAPI_YAML_PATH = '/api/openapi.yaml';
/** What crawlers may fetch (RFC 9309). */
export const ROBOTS_TXT_PATH = '/robots.txt';
/** The map of the site for LLMs and agents (llmstxt.org). */
export const LLMS_TXT_PATH = '/llms.txt';
/** Every default-locale page's Markdown twin in one file. */
export const LLMS_FULL_TXT_PATH = '/llms-full.txt';
/** Every indexable page in every locale (sitemaps.org 0.9). */
export const SITEMAP_PATH = '/sitemap.xml';
