import { DEFAULT_LOCALE } from '../content/locales.ts';
import type { LlmsSection } from '../content/page-registry.ts';
import type { PageSummary } from '../site-pages/site-page-index.ts';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../rate-limit/headers.ts';
import { CATALOG_PATH, CATALOG_TEMPLATES, DEFAULT_TEMPLATE } from '../schemas/catalog.ts';
import { AUTHORIZATION_SERVER_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../schemas/oauth.ts';
import { LLMS_FULL_TXT_PATH, OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from '../schemas/site-paths.ts';

/** The name `llms.txt` gives the service (its H1). */
const LLMS_NAME = 'Biomarker Catalog Service';

/**
 * Facts an agent needs before following any `llms.txt` link; the numbers come from the enforcing code, so cannot
 * drift.
 */
const LLMS_NOTES: readonly string[] = [
  `The catalog is \`GET ${CATALOG_PATH}?template=…\` with \`template\` one of ${CATALOG_TEMPLATES.map((t) => `\`${t}\``).join(', ')} (default \`${DEFAULT_TEMPLATE}\`). No authentication is needed; an optional OAuth 2.0 client-credentials token (scope \`catalog.read\`) is accepted and changes nothing.`,
  `Every page of the guide is also Markdown: append \`.md\` to its path (\`/index.md\` for the home page, \`/de/…\` for German), or send \`Accept: text/markdown\`. Every biomarker has a page of its own at \`/biomarkers/<key>\`, where \`<key>\` is its permanent \`metadata.key\` in the catalog (its \`uuid\` where it has none).`,
  `Rate limit: ${CATALOG_POLICY.limit} requests per ${CATALOG_POLICY.windowSeconds} s per client (\`RateLimit-Policy: ${RATE_LIMIT_POLICY}\`). Poll with \`If-None-Match\` and honour \`RateLimit\` and \`Retry-After\`. Errors are RFC 9457 Problems whose \`type\` links the matching section of the developer guide.`,
  'There are no webhooks and no MCP server. The content is educational, not medical advice, and the service holds no member or health data.',
];

/** The API and its discovery documents, in `llms.txt` order: title, path on `BASE_URL`, description. */
const API_RESOURCES: readonly { title: string; path: string; description: string }[] = [
  {
    title: 'OpenAPI 3.1 description (JSON)',
    path: OPENAPI_JSON_PATH,
    description: 'every endpoint, parameter, status, header and schema of the API',
  },
  {
    title: 'OpenAPI 3.1 description (YAML)',
    path: OPENAPI_YAML_PATH,
    description: 'the same document as YAML',
  },
  {
    title: 'Biomarker catalog (JSON)',
    path: `${CATALOG_PATH}?template=${DEFAULT_TEMPLATE}`,
    description: `the catalog itself; \`template\` is one of ${CATALOG_TEMPLATES.join(', ')}`,
  },
  {
    title: 'OAuth 2.0 authorization server metadata (RFC 8414)',
    path: AUTHORIZATION_SERVER_METADATA_PATH,
    description: 'token endpoint, grant type client_credentials, scope catalog.read',
  },
  {
    title: 'OAuth 2.0 protected resource metadata (RFC 9728)',
    path: PROTECTED_RESOURCE_METADATA_PATH,
    description: 'the catalog as a protected resource; a token is optional',
  },
];

/** What `llms.txt` reads of a page. */
type LlmsPage = Pick<PageSummary, 'title' | 'description' | 'locale' | 'markdownPath'> & {
  page: Pick<PageSummary['page'], 'slug' | 'section'>;
};

/** Order of the H2 sections before `## Optional`. */
const SECTIONS: readonly LlmsSection[] = ['Guide', 'API', 'Biomarkers'];

/** One list item: `- [title](url): description` (llmstxt.org). */
const item = (title: string, url: string, description: string): string => `- [${title}](${url}): ${description}`;

/**
 * `/llms.txt` in the llmstxt.org format for the site's pages as they are now: an H1, the home page's description as
 * the blockquote summary, notes, then H2 sections of links to the default locale's Markdown twins and the API
 * documents, and `## Optional` last with what an agent may skip (the pages in other languages).
 */
export function buildLlmsTxt(pages: readonly LlmsPage[], baseUrl: string): string {
  const main = pages.filter((page) => page.locale === DEFAULT_LOCALE);
  const summary = main.find((page) => page.page.slug === '')?.description ?? LLMS_NAME;
  const lines = [`# ${LLMS_NAME}`, '', `> ${summary}`, ''];
  for (const note of LLMS_NOTES) lines.push(note, '');
  for (const section of SECTIONS) {
    const listed = main.filter((page) => page.page.section === section);
    const items = listed.map((page) => item(page.title, `${baseUrl}${page.markdownPath}`, page.description));
    if (section === 'Guide') {
      items.push(item('Full text', `${baseUrl}${LLMS_FULL_TXT_PATH}`, 'all of the above in one Markdown file'));
    }
    if (section === 'API') {
      items.push(
        ...API_RESOURCES.map((resource) => item(resource.title, `${baseUrl}${resource.path}`, resource.description)),
      );
    }
    if (items.length > 0) lines.push(`## ${section}`, '', ...items, '');
  }
  const others = pages.filter((page) => page.locale !== DEFAULT_LOCALE);
  if (others.length > 0) {
    lines.push('## Optional', '');
    for (const page of others) {
      lines.push(item(`${page.title} (${page.locale})`, `${baseUrl}${page.markdownPath}`, page.description));
    }
    lines.push('');
  }
  return lines.join('\n');
}
