import { DEFAULT_LOCALE } from '../content/locales.ts';
import type { PageSummary } from '../content/site-page-index.ts';
import { buildLlmsTxt, type ApiResource } from './build-llms-txt.ts';
import { buildSitemap } from './build-crawl-documents.ts';
import { CATALOG_TEMPLATES, DEFAULT_TEMPLATE } from '../schemas/catalog.ts';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../rate-limit/headers.ts';

/** The name `llms.txt` gives the service (its H1). */
const LLMS_NAME = 'Biomarker Catalog Service';

/**
 * Facts an agent needs before following any `llms.txt` link; the numbers come from the enforcing code, so cannot
 * drift.
 */
const LLMS_NOTES: readonly string[] = [
  `The catalog is \`GET /v1/biomarkers/public?template=…\` with \`template\` one of ${CATALOG_TEMPLATES.map((t) => `\`${t}\``).join(', ')} (default \`${DEFAULT_TEMPLATE}\`). No authentication is needed; an optional OAuth 2.0 client-credentials token (scope \`catalog.read\`) is accepted and changes nothing.`,
  `Every page of the guide is also Markdown: append \`.md\` to its path (\`/index.md\` for the home page, \`/de/…\` for German), or send \`Accept: text/markdown\`. Every biomarker has a page of its own at \`/biomarkers/<key>\`, where \`<key>\` is its permanent \`metadata.key\` in the catalog (its \`uuid\` where it has none).`,
  `Rate limit: ${CATALOG_POLICY.limit} requests per ${CATALOG_POLICY.windowSeconds} s per client (\`RateLimit-Policy: ${RATE_LIMIT_POLICY}\`). Poll with \`If-None-Match\` and honour \`RateLimit\` and \`Retry-After\`. Errors are RFC 9457 Problems whose \`type\` links the matching section of the developer guide.`,
  'There are no webhooks and no MCP server. The content is educational, not medical advice, and the service holds no member or health data.',
];

/** The API and its discovery documents (spec 4.1, 4.2), in `llms.txt` order. */
export const API_RESOURCES: readonly ApiResource[] = [
  {
    title: 'OpenAPI 3.1 description (JSON)',
    path: '/openapi.json',
    description: 'every endpoint, parameter, status, header and schema of the API',
  },
  {
    title: 'OpenAPI 3.1 description (YAML)',
    path: '/api/openapi.yaml',
    description: 'the same document as YAML',
  },
  {
    title: 'Biomarker catalog (JSON)',
    path: '/v1/biomarkers/public?template=public-complete-eu',
    description:
      'the catalog itself; `template` is one of public-complete-eu, public-light-eu, public-v2-complete-uk, public-v2-light-uk',
  },
  {
    title: 'OAuth 2.0 authorization server metadata (RFC 8414)',
    path: '/.well-known/oauth-authorization-server',
    description: 'token endpoint, grant type client_credentials, scope catalog.read',
  },
  {
    title: 'OAuth 2.0 protected resource metadata (RFC 9728)',
    path: '/.well-known/oauth-protected-resource',
    description: 'the catalog as a protected resource; a token is optional',
  },
];

/** URL path of the full-text companion of `llms.txt`. */
export const LLMS_FULL_PATH = '/llms-full.txt';

/** `/llms.txt` for the site's pages as they are now, the same from the Astro route or the server. */
export function llmsTxtOf(pages: readonly PageSummary[], baseUrl: string): string {
  const home = pages.find((page) => page.page.slug === '' && page.locale === DEFAULT_LOCALE);
  return buildLlmsTxt({
    baseUrl,
    name: LLMS_NAME,
    summary: home?.description ?? LLMS_NAME,
    notes: LLMS_NOTES,
    pages: pages.map((page) => ({ ...page, section: page.page.section })),
    api: API_RESOURCES,
    fullTextPath: LLMS_FULL_PATH,
  });
}

/** The text of `/sitemap.xml` for the site's pages as they are now. */
export function sitemapXmlOf(pages: readonly PageSummary[], baseUrl: string): string {
  return buildSitemap(
    baseUrl,
    pages.map((page) => ({ ...page, slug: page.page.slug })),
  );
}
