import { CATALOG_TEMPLATES, DEFAULT_TEMPLATE } from '../schemas/catalog.ts';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../rate-limit/headers.ts';

/** The name `llms.txt` gives the service (its H1). */
export const LLMS_NAME = 'Biomarker Catalog Service';

/**
 * Facts an agent needs before it follows any link of `llms.txt`, in the order it needs
 * them. The numbers come from the code that enforces them, so they cannot drift.
 */
export const LLMS_NOTES: readonly string[] = [
  `The catalog is \`GET /v1/biomarkers/public?template=…\` with \`template\` one of ${CATALOG_TEMPLATES.map((t) => `\`${t}\``).join(', ')} (default \`${DEFAULT_TEMPLATE}\`). No authentication is needed; an optional OAuth 2.0 client-credentials token (scope \`catalog.read\`) is accepted and changes nothing.`,
  `Every page of the guide is also Markdown: append \`.md\` to its path (\`/index.md\` for the home page, \`/de/…\` for German), or send \`Accept: text/markdown\`. Every biomarker has a page of its own at \`/biomarkers/<key>\`, where \`<key>\` is its permanent \`metadata.key\` in the catalog (its \`uuid\` where it has none).`,
  `Rate limit: ${CATALOG_POLICY.limit} requests per ${CATALOG_POLICY.windowSeconds} s per client (\`RateLimit-Policy: ${RATE_LIMIT_POLICY}\`). Poll with \`If-None-Match\` and honour \`RateLimit\` and \`Retry-After\`. Errors are RFC 9457 Problems whose \`type\` links the matching section of the developer guide.`,
  'There are no webhooks and no MCP server. The content is educational, not medical advice, and the service holds no member or health data.',
];
