import { LLMS_TXT_PATH, OPENAPI_JSON_PATH, SITEMAP_PATH } from '../schemas/site-paths.ts';
import { escapeHtml } from './html-escape.ts';

/** The short Markdown body of a 404: points at the sitemap and llms.txt, where an agent finds what exists. */
export function notFoundMarkdown(baseUrl: string, path: string): string {
  // URL paths arrive percent-encoded, so they cannot close the code span or start markup.
  return [
    '# Not found',
    '',
    `Nothing is published at \`${path}\`.`,
    '',
    `- Every page: [sitemap](${baseUrl}${SITEMAP_PATH})`,
    `- For LLMs and agents: [llms.txt](${baseUrl}${LLMS_TXT_PATH})`,
    `- API reference: [OpenAPI](${baseUrl}${OPENAPI_JSON_PATH})`,
    '',
  ].join('\n');
}

/** The same 404 for browsers: a small self-contained HTML page with the same links. */
export function notFoundHtml(baseUrl: string, path: string): string {
  const base = escapeHtml(baseUrl);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not found</title></head>
<body>
<main>
<h1>Not found</h1>
<p>Nothing is published at <code>${escapeHtml(path)}</code>.</p>
<ul>
<li><a href="${base}/">Home</a></li>
<li><a href="${base}${SITEMAP_PATH}">Sitemap</a></li>
<li><a href="${base}${LLMS_TXT_PATH}">llms.txt</a></li>
</ul>
</main>
</body>
</html>
`;
}
