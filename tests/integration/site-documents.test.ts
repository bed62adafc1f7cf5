import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/lib/content/locales.ts';
import { markdownPath, pagePath } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES } from '../../src/lib/content/page-registry.ts';
import { CATALOG_TEMPLATES, type BiomarkerCatalog } from '../../src/lib/schemas/catalog.ts';
import { fetchAs } from '../helpers/start-server.ts';
import { sharedInProcessSite, startInProcess } from '../helpers/site.ts';

const server = sharedInProcessSite();
let addressCounter = 0;
/** A fresh client address per call (hundreds: one per marker page), so no test shares a rate-limit window. */
const client = () => {
  addressCounter += 1;
  return fetchAs(`198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`);
};

/** The page key of every marker the served catalog holds: its `metadata.key` (the bundled data gives one to each). */
async function markerKeys(): Promise<string[]> {
  const keys = new Set<string>();
  for (const template of CATALOG_TEMPLATES) {
    const panel = (await (
      await client()(`${server.url}/v1/biomarkers/public?template=${template}`)
    ).json()) as BiomarkerCatalog;
    for (const item of panel.data) keys.add(String(item.metadata!['key']));
  }
  return [...keys];
}

/** Every page slug: the registry's and one per marker below `biomarkers/`. */
const allSlugs = async (): Promise<string[]> => [
  ...GUIDE_PAGES.map((page) => page.slug),
  ...(await markerKeys()).map((key) => `biomarkers/${key}`),
];

describe('/llms.txt', () => {
  it('is plain text in the llmstxt.org shape, with Optional last', async () => {
    const response = await client()(`${server.url}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^# .+\n\n> .+\n\n/);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections.at(-1)).toBe('Optional');
    expect(sections).toEqual(['Guide', 'API', 'Biomarkers', 'Optional']);
    for (const line of text.split('\n').filter((l) => l.startsWith('- '))) {
      expect(line).toMatch(new RegExp(`^- \\[[^\\]]+\\]\\(${server.url}/[^)]*\\): \\S`));
    }
  });

  it('links the Markdown twin of every page in every locale (every marker page too), llms-full.txt, OpenAPI and the discovery documents', async () => {
    const text = await (await client()(`${server.url}/llms.txt`)).text();
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    const slugs = await allSlugs();
    expect(slugs.length).toBe(GUIDE_PAGES.length + 90);
    const expected = [
      ...slugs.flatMap((slug) => LOCALES.map((locale) => server.url + markdownPath(locale, slug))),
      `${server.url}/llms-full.txt`,
      `${server.url}/openapi.json`,
      `${server.url}/api/openapi.yaml`,
      `${server.url}/.well-known/oauth-authorization-server`,
      `${server.url}/.well-known/oauth-protected-resource`,
    ];
    expect(links).toEqual(expect.arrayContaining(expected));
  });
});

/** A fenced code block, whole. */
const CODE_BLOCK = /^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm;

describe('/llms-full.txt', () => {
  it('holds the Markdown twin of every English page, in registry order, its source URL under its title, each code block once', async () => {
    const full = await (await client()(`${server.url}/llms-full.txt`)).text();
    const pages = full.split('\n---\n\n');
    let position = -1;
    for (const page of GUIDE_PAGES) {
      const markdown = (await (await client()(server.url + markdownPath('en', page.slug))).text()).trimEnd();
      const at = pages.findIndex((text) => text.startsWith(`${markdown.split('\n')[0]}\n`));
      expect(at, page.slug).toBeGreaterThan(position);
      position = at;
      // The page whole, but for each code block shown before (on an earlier page or above on this one): a
      // pointer to where it first stands.
      const source = (text: string) => /^Source: <([^>]+)>$/m.exec(text)![1]!;
      const shownOn = new Map<string, string>();
      const expected = markdown.replace(CODE_BLOCK, (block) => {
        if (block.length < 80) return block;
        const earlier = pages.slice(0, at).find((text) => text.includes(block));
        const where =
          earlier === undefined ? shownOn.get(block) : `[${/^# (.*)$/m.exec(earlier)![1]}](${source(earlier)})`;
        shownOn.set(block, `[${/^# (.*)$/m.exec(markdown)![1]}](${server.url}${pagePath('en', page.slug)})`);
        return where === undefined ? block : `_As under ${where} above._`;
      });
      // Its source URL under its title.
      const [title, ...rest] = expected.split('\n');
      const withSource = [title, '', `Source: <${server.url}${pagePath('en', page.slug)}>`, ...rest].join('\n');
      expect(pages[at], page.slug).toBe(`${withSource}\n`);
    }
    expect(full).not.toContain('Entwicklerhandbuch');
    // Code blocks of a line or more are there once.
    const blocks = [...full.matchAll(CODE_BLOCK)].map((match) => match[0]).filter((b) => b.length >= 80);
    expect(blocks.length - new Set(blocks).size).toBe(0);
  });

  it("holds the marker pages' API samples once, and each marker's section whole: description, guide, units", async () => {
    const full = await (await client()(`${server.url}/llms-full.txt`)).text();
    // 544 KB when each marker page carried its samples. The changelog grows with every release and the guides with
    // the catalog: the budget is the rest's, per page, under a regression that repeats a sample on every marker.
    const changelog = await (await client()(`${server.url}/changelog.md`)).text();
    const [title, ...rest] = changelog.trim().split('\n');
    expect(full).toContain([title, '', `Source: <${server.url}/changelog>`, ...rest].join('\n'));
    const markerPages = full.split('\n---\n').filter((page) => /^Source: <[^>]+\/biomarkers\/[^>]+>$/m.test(page));
    expect(markerPages.length).toBe(90);
    expect(full.match(/select\(\.uuid == /g)).toHaveLength(1);
    const list = full.split('\n---\n').find((page) => page.trimStart().startsWith('# Biomarkers\n'))!;
    for (const [index, page] of markerPages.entries()) {
      const uuid = /\*\*UUID \(permanent\)\*\*: `([0-9a-f-]{36})`/.exec(page)![1]!;
      if (index > 0) {
        expect(page).toMatch(
          new RegExp(`^As under \\[.+\\]\\(.+#api\\) above, .*\`public-[a-z0-9-]+\` .*\`${uuid}\``, 'm'),
        );
        expect(Buffer.byteLength(page)).toBeLessThan(8_000);
      }
      // Its own description (as in its row of the list), its units and panels, and what its guide teaches.
      const row = list.split('\n').find((line) => line.includes(`\`${uuid}\``))!;
      const description = row.split(' | ').at(-1)!.replace(/ \|$/, '');
      expect(description.length).toBeGreaterThan(40);
      expect(page).toContain(`\n${description}\n`);
      expect(page).toContain('| Region | Unit | Panels | Premium |');
      expect(page).toContain('\n## Why it is tested\n');
      expect(page).toContain('\n## Sources\n');
    }
  });
});

describe('/sitemap.xml', () => {
  it('lists every page in every locale, absolute, with lastmod and hreflang alternates including x-default', async () => {
    const response = await client()(`${server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const urls = xml.split('<url>').slice(1);
    const locs = urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)![1]);
    const expected = (await allSlugs()).flatMap((slug) => LOCALES.map((locale) => server.url + pagePath(locale, slug)));
    expect(locs.sort()).toEqual(expected.sort());
    for (const url of urls) {
      expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      const hreflangs = [...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)];
      expect(hreflangs.map((m) => m[1])).toEqual([...LOCALES, 'x-default']);
      for (const [, , href] of hreflangs) expect(locs).toContain(href);
    }
    expect(xml).not.toMatch(/\.md</);
  });
});

describe('/robots.txt', () => {
  it('disallows everything outside production, with X-Robots-Tag: noindex', async () => {
    const response = await client()(`${server.url}/robots.txt`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('allows everything and names the sitemap on BASE_URL in production', async () => {
    const production = await startInProcess({ DEPLOY_ENV: 'production', BASE_URL: 'https://catalog.example' });
    try {
      const response = await fetch(`${production.url}/robots.txt`);
      expect(response.headers.get('x-robots-tag')).toBeNull();
      expect(await response.text()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://catalog.example/sitemap.xml\n');
      const sitemap = await (await fetch(`${production.url}/sitemap.xml`)).text();
      expect(sitemap).toContain('<loc>https://catalog.example/developers</loc>');
    } finally {
      await production.stop();
    }
  });
});
