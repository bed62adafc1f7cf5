import { expect } from 'vitest';

/** Content type of every Markdown response. */
export const MARKDOWN = 'text/markdown; charset=utf-8';

/**
 * Fetches a page's `.md` sibling and its HTML URL with `Accept: text/markdown`, checks both
 * are the same Markdown representation (status, content type, Vary, body, ETag) and returns it.
 */
export async function fetchMarkdownTwins(
  get: (url: string, init?: RequestInit) => Promise<Response>,
  base: string,
  paths: { html: string; md: string },
): Promise<string> {
  const sibling = await get(base + paths.md);
  const negotiated = await get(base + paths.html, { headers: { Accept: 'text/markdown' } });
  for (const response of [sibling, negotiated]) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(MARKDOWN);
    expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding');
  }
  const markdown = await sibling.text();
  expect(await negotiated.text()).toBe(markdown);
  expect(sibling.headers.get('etag')).toBe(negotiated.headers.get('etag'));
  return markdown;
}
