import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { LOCALES } from '../../src/lib/content/locales.ts';
import { markdownPath, pagePath } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES } from '../../src/lib/content/page-registry.ts';
import { errorHeadingParts } from '../../src/lib/http/problem-details.ts';
import { PROBLEM_CODES } from '../../src/lib/schemas/problem.ts';
import { expectPolicyCoversInlineCode, pageHeadingOf } from '../helpers/inline-csp.ts';
import { readPageFiles, withoutCode } from '../helpers/content-files.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let addressCounter = 0;
/**
 * A fresh client address per call, so no test shares a rate-limit window. The suite makes
 * more than 255 calls: past the last octet it moves on to the next /24, since an invalid
 * address would put every later call in one window.
 */
const client = () => {
  addressCounter += 1;
  return fetchAs(`198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`);
};
const TITLES = new Map(readPageFiles().map((file) => [file.id, (file.frontmatter as { title: string }).title]));
const PAGES = GUIDE_PAGES.flatMap((page) =>
  LOCALES.map((locale) => ({
    name: `${locale} ${pagePath(locale, page.slug)}`,
    locale,
    html: pagePath(locale, page.slug),
    md: markdownPath(locale, page.slug),
    title: TITLES.get(`${locale}/${page.slug === '' ? 'index' : page.slug}`)!,
  })),
);
const MARKDOWN = 'text/markdown; charset=utf-8';

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.stop();
});

describe.each(PAGES)('page $name', ({ locale, html, md, title }) => {
  it('serves HTML that names its language, alternates and Markdown twin', async () => {
    const response = await client()(server.url + html);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(response.headers.get('link')).toBe(`<${server.url}${md}>; rel="alternate"; type="text/markdown"`);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const body = await response.text();
    expect(body).toContain(`<html lang="${locale}"`);
    expect(body).toContain(`<link rel="alternate" type="text/markdown" href="${server.url}${md}"/>`);
    for (const other of LOCALES)
      expect(body).toMatch(new RegExp(`<link rel="alternate" hreflang="${other}" href="${server.url}/`));
    expect(body).toMatch(/<link rel="alternate" hreflang="x-default" href="/);
    // A shared link's preview: Open Graph title and the page's own absolute URL.
    expect(body).toMatch(new RegExp(`<meta property="og:url" content="${server.url}${html}"\\s*/?>`));
    expect(body).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(pageHeadingOf(body)).toBe(title);
    // The strict CSP: Starlight's inline scripts and style attributes are allowed by hash only,
    // module scripts are files of the build, and no element has an event handler attribute.
    expectPolicyCoversInlineCode(body, response.headers.get('content-security-policy')!);
    for (const [, attributes] of body.matchAll(/<script\b([^>]*)\ssrc=([^>]*)>/g)) {
      expect(attributes).toMatch(/^ type="module"$/);
    }
    expect(body).not.toMatch(/\son[a-z]+="/);
    expect(body).not.toContain('{BASE_URL}');
    expect(body).not.toMatch(/(href|src)="[^"]*\.\.[^"]*"/); // no `..` in asset URLs
  });

  it('serves the same Markdown when negotiated and at the .md sibling, starting with "# Title"', async () => {
    const get = client();
    const negotiated = await get(server.url + html, { headers: { Accept: 'text/markdown' } });
    const sibling = await get(server.url + md);
    for (const response of [negotiated, sibling]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(MARKDOWN);
      expect(response.headers.get('link')).toBe(`<${server.url}${html}>; rel="canonical"`);
    }
    // Only the page URL is negotiated on Accept: a cache keys the sibling on its coding alone.
    expect(negotiated.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(sibling.headers.get('vary')).toBe('Accept-Encoding');
    const [a, b] = [await negotiated.text(), await sibling.text()];
    expect(a).toBe(b);
    expect(a.startsWith(`# ${title}\n\n`)).toBe(true);
    // No MDX import/export leaks into the prose (code samples may import); no placeholder anywhere.
    expect(withoutCode(a)).not.toMatch(/^import |^export /m);
    expect(a).not.toContain('{BASE_URL}');
    expect(negotiated.headers.get('etag')).toBe(sibling.headers.get('etag'));
  });

  it('answers HEAD like GET, without a body, for every representation', async () => {
    const get = client();
    for (const [path, accept] of [
      [html, '*/*'],
      [html, 'text/markdown'],
      [md, '*/*'],
    ] as const) {
      const head = await get(server.url + path, { method: 'HEAD', headers: { Accept: accept } });
      const full = await get(server.url + path, { headers: { Accept: accept } });
      expect(head.status).toBe(200);
      for (const name of ['content-type', 'content-length', 'etag', 'vary', 'link']) {
        expect(head.headers.get(name)).toBe(full.headers.get(name));
      }
      expect(await head.text()).toBe('');
    }
  });
});

describe('German pages', () => {
  it.each(PAGES.filter((page) => page.locale === 'de'))('$html is written in German', async ({ html, md }) => {
    const get = client();
    const page = await (await get(server.url + html)).text();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain('Zum Inhalt springen');
    const markdown = await (await get(server.url + md)).text();
    // The API reference quotes the OpenAPI document's English descriptions (the page says
    // so); its own text is the intro, before the first path heading.
    const generated = markdown.indexOf('\n## `');
    // The request samples are shared by both languages: their code is not prose.
    const text = withoutCode(generated === -1 ? markdown : markdown.slice(0, generated));
    const words = text.toLowerCase().split(/[^a-zäöüß]+/);
    const german = ['der', 'die', 'und', 'sie', 'nicht', 'mit', 'ist'].filter((word) => words.includes(word));
    expect(german.length).toBeGreaterThanOrEqual(5);
    expect(words.filter((word) => ['the', 'and', 'with', 'you'].includes(word)).length).toBeLessThan(5);
  });
});

describe('negotiation, caching and methods', () => {
  it.each([
    ['text/markdown, text/html;q=0.9', MARKDOWN],
    ['text/html;q=0.5, text/markdown', MARKDOWN],
    ['text/markdown, text/html', 'text/html; charset=utf-8'],
    ['text/markdown;q=0, */*', 'text/html; charset=utf-8'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html; charset=utf-8'],
  ])('Accept "%s" on /developers gives %s', async (accept, type) => {
    const response = await client()(`${server.url}/developers`, { headers: { Accept: accept } });
    expect(response.headers.get('content-type')).toBe(type);
  });

  it('runs the rate limiter for every page request (pages are rendered on demand, not prerendered)', async () => {
    const get = client();
    const remaining = [];
    for (let i = 0; i < 3; i += 1) remaining.push((await get(`${server.url}/auth`)).headers.get('ratelimit-remaining'));
    expect(remaining).toEqual([1, 2, 3].map((used) => String(CATALOG_POLICY.limit - used)));
  });
});

describe('the .md of a home page path', () => {
  it.each([
    ['/.md', '/index.md', '/'],
    ['/de.md', '/de/index.md', '/de'],
  ])('%s answers like %s', async (alias, twin, page) => {
    const [viaAlias, viaTwin] = await Promise.all([client()(server.url + alias), client()(server.url + twin)]);
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.headers.get('content-type')).toBe(MARKDOWN);
    expect(viaAlias.headers.get('link')).toBe(`<${server.url}${page}>; rel="canonical"`);
    expect(await viaAlias.text()).toBe(await viaTwin.text());
  });
});

describe('unknown pages', () => {
  it.each([
    ['/nope', {}],
    ['/nope.md', {}],
    ['/de/nope', {}],
    ['/de/nope.md', {}],
    ['/en/developers', {}],
    ['/de/index', {}],
    ['/docs', { Accept: 'text/markdown' }],
    ['/de/docs/nope', { Accept: 'text/markdown' }],
    ['/v1/biomarkers', { Accept: 'text/markdown' }],
  ] as const)('%s gives the foundation 404 Markdown', async (path, headers) => {
    for (const method of ['GET', 'DELETE']) {
      const response = await client()(server.url + path, { method, headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe(MARKDOWN);
      const body = await response.text();
      expect(body).toBe(
        `# Not found\n\nNothing is published at \`${path}\`.\n\n- Every page: [sitemap](${server.url}/sitemap.xml)\n- For LLMs and agents: [llms.txt](${server.url}/llms.txt)\n- API reference: [OpenAPI](${server.url}/openapi.json)\n`,
      );
    }
  });
});

describe('the developer guide and Problem types', () => {
  it.each(['/developers', '/de/developers'])(
    '%s has exactly one element with each Problem heading id',
    async (path) => {
      const body = await (await client()(server.url + path)).text();
      for (const code of PROBLEM_CODES) {
        const { id } = errorHeadingParts(code);
        expect(body.match(new RegExp(`\\sid="${id}"`, 'g')), id).toHaveLength(1);
        expect(body).toMatch(new RegExp(`<h3 id="${id}"[^>]*>`));
      }
    },
  );

  it.each(['/developers', '/de/developers'])(
    '%s lists every error code in "On this page", under Errors, in the order of the page',
    async (path) => {
      const body = await (await client()(server.url + path)).text();
      const toc = body.slice(body.indexOf('<starlight-toc'), body.indexOf('</starlight-toc>'));
      const hrefs = [...toc.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]!);
      const headings = [...body.matchAll(/<h3 id="([^"]+)"[^>]*><code>/g)].map((match) => match[1]!);
      const codes = [...PROBLEM_CODES.map((code) => errorHeadingParts(code).id), 'invalid-client'];
      expect([...headings].sort()).toEqual([...codes].sort());
      // Right after the "Errors" section (`#errors` / `#fehler`), before the next one.
      const errors = hrefs.findIndex((href) => href === (path === '/developers' ? 'errors' : 'fehler'));
      expect(errors).toBeGreaterThan(0);
      expect(hrefs.slice(errors + 1, errors + 1 + headings.length)).toEqual(headings);
      expect(toc).toContain('rate_limited —');
    },
  );

  it('the type of a real Problem points at a heading of /developers', async () => {
    const get = client();
    const problem = await (await get(`${server.url}/nope`, { headers: { Accept: 'application/json' } })).json();
    const type = new URL(problem.type);
    const body = await (await get(`${server.url}${type.pathname}`)).text();
    expect(body).toMatch(new RegExp(`<h3 id="${type.hash.slice(1)}"[^>]*>`));
  });
});
