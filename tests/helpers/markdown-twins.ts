import type { Nodes } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { expect } from 'vitest';

/** Content type of every Markdown response. */
export const MARKDOWN = 'text/markdown; charset=utf-8';

/**
 * Fetches a page's `.md` sibling and its HTML URL with `Accept: text/markdown`, checks both
 * are the same Markdown representation (status, content type, body, ETag), each with its Vary, and returns it.
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
  }
  expect(sibling.headers.get('vary')).toBe('Accept-Encoding');
  expect(negotiated.headers.get('vary')).toBe('Accept, Accept-Encoding');
  const markdown = await sibling.text();
  expect(await negotiated.text()).toBe(markdown);
  expect(sibling.headers.get('etag')).toBe(negotiated.headers.get('etag'));
  return markdown;
}

/** Every link and link definition of a Markdown text, parsed (code blocks hold none). */
function markdownLinks(markdown: string): string[] {
  const urls: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'definition') urls.push(node.url);
    if ('children' in node) node.children.forEach(visit);
  };
  visit(remark().use(remarkGfm).parse(markdown));
  return urls;
}

/** The HTML path of a twin's path: `/auth.md` → `/auth`, `/index.md` → `/`, `/de/index.md` → `/de`. */
const htmlPathOf = (twinPath: string): string => {
  const path = twinPath.slice(0, -'.md'.length);
  if (path === '/index') return '/';
  return path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
};

/**
 * What is wrong with the same-site links of the twins (`twins`: twin path → Markdown), given
 * the HTML of every page (`pages`: HTML path → HTML): a link to a page's HTML rather than its
 * twin, a twin no page has, or a fragment that names no element of the page (a twin keeps
 * its page's anchors). Links to anything else of the site (documents, API paths) are
 * returned in `other`, for the caller to request.
 */
export function twinLinkProblems(
  twins: ReadonlyMap<string, string>,
  pages: ReadonlyMap<string, string>,
  baseUrl: string,
): { problems: string[]; other: Set<string> } {
  const problems: string[] = [];
  const other = new Set<string>();
  for (const [twin, markdown] of twins) {
    for (const href of markdownLinks(markdown)) {
      if (!href.startsWith(`${baseUrl}/`)) continue;
      const url = new URL(href);
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (pages.has(url.pathname)) {
        problems.push(`${twin}: ${href} is a page's HTML, not its twin`);
      } else if (url.pathname.endsWith('.md')) {
        const html = pages.get(htmlPathOf(url.pathname));
        if (html === undefined) problems.push(`${twin}: ${href} is no page's twin`);
        else if (fragment !== '' && !html.includes(` id="${fragment}"`))
          problems.push(`${twin}: ${href}: no #${fragment}`);
      } else {
        other.add(url.pathname);
      }
    }
  }
  return { problems, other };
}
