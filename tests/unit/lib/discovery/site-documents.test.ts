import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemap } from '../../../../src/lib/discovery/build-crawl-documents.ts';
import { buildLlmsFullTxt } from '../../../../src/lib/discovery/build-llms-full-txt.ts';
import { buildLlmsTxt } from '../../../../src/lib/discovery/build-llms-txt.ts';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import type { Root } from 'mdast';
import { bulletList, code, strong, table, text } from '../../../../src/lib/markdown/mdast-builders.ts';

const BASE = 'https://catalog.example';

const PAGES = [
  {
    title: 'Home',
    description: 'What it is.',
    locale: 'en',
    page: { slug: '', section: 'Guide' },
    markdownPath: '/index.md',
  },
  {
    title: 'Start',
    description: 'Worum es geht.',
    locale: 'de',
    page: { slug: '', section: 'Guide' },
    markdownPath: '/de/index.md',
  },
  {
    title: 'API reference',
    description: 'Every operation.',
    locale: 'en',
    page: { slug: 'developers/api', section: 'API' },
    markdownPath: '/developers/api.md',
  },
  {
    title: 'Auth',
    description: 'Tokens.',
    locale: 'en',
    page: { slug: 'auth', section: 'Guide' },
    markdownPath: '/auth.md',
  },
] as const;

const llms = buildLlmsTxt(PAGES, BASE);

describe('buildLlmsTxt (llmstxt.org)', () => {
  it("starts with the H1, then the home page's description as the blockquote summary, then the notes", () => {
    expect(llms).toMatch(
      /^# Biomarker Catalog Service\n\n> What it is\.\n\nThe catalog is `GET \/v1\/biomarkers\/public/,
    );
    const notes = llms.split('\n\n## ')[0]!.split('\n\n').slice(2);
    expect(notes).toHaveLength(4);
    expect(notes[2]).toMatch(/^Rate limit: \d+ requests per \d+ s per client/);
  });

  it('has the H2 sections Guide, API and Optional, Optional last', () => {
    expect([...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Guide', 'API', 'Optional']);
  });

  it('lists default-locale pages by section as "- [title](absolute .md URL): description", in input order', () => {
    const guide = llms.split('## Guide\n\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(guide).toEqual([
      `- [Home](${BASE}/index.md): What it is.`,
      `- [Auth](${BASE}/auth.md): Tokens.`,
      `- [Full text](${BASE}/llms-full.txt): all of the above in one Markdown file`,
    ]);
    expect(llms).toContain(`## API\n\n- [API reference](${BASE}/developers/api.md): Every operation.\n`);
  });

  it('lists the OpenAPI JSON and YAML and both discovery documents under API', () => {
    const api = llms.split('## API\n\n')[1]!.split('\n\n')[0]!;
    for (const path of [
      '/openapi.json',
      '/api/openapi.yaml',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
    ]) {
      expect(api).toContain(`](${BASE}${path})`);
    }
  });

  it('puts the other languages under Optional, marked with their locale', () => {
    expect(llms.split('## Optional\n\n')[1]).toBe(`- [Start (de)](${BASE}/de/index.md): Worum es geht.\n`);
  });

  it('has only absolute links', () => {
    for (const match of llms.matchAll(/\]\(([^)]+)\)/g)) expect(match[1]).toMatch(/^https:\/\/catalog\.example\//);
  });
});

/** A twin's tree, as the page builders make it, written here as the Markdown it prints. */
const tree = (markdown: string): Root => remark().use(remarkGfm).parse(markdown);

describe('buildLlmsFullTxt', () => {
  it('holds a section an item family shares once, on its first page; later pages point to it', () => {
    const page = (key: string) => ({
      title: key,
      tree: tree(`# ${key}\n\nAbout ${key}.\n\n## Fetch it\n\ncurl '${key}'\n\n## Names\n\n${key} in German.\n`),
      url: `${BASE}/biomarkers/${key}`,
      family: 'biomarkers',
      key,
    });
    const text = buildLlmsFullTxt([page('ferritin'), page('iron'), page('transferrin')], {
      shared: [
        {
          heading: 'Fetch it',
          pointer: (first, { key }) => first && `As for [${first.title}](${first.url}), with ${key}.`,
        },
      ],
    });
    expect(text.match(/^curl /gm)).toEqual(['curl ']);
    expect(text).toContain("curl 'ferritin'");
    expect(text).toContain(`## Fetch it\n\nAs for [ferritin](${BASE}/biomarkers/ferritin), with iron.\n\n## Names`);
    expect(text).toContain(`As for [ferritin](${BASE}/biomarkers/ferritin), with transferrin.`);
    // Everything else of every page stays.
    for (const key of ['ferritin', 'iron', 'transferrin']) expect(text).toContain(`${key} in German.`);
  });

  it('keeps a paragraph the pages of a family repeat word for word once, and every heading, table and list', () => {
    const page = (key: string) => ({
      title: key,
      tree: tree(
        `# ${key}\n\n- **Key**: ${key}\n\n| Unit |\n| - |\n| g/L |\n\nPremium means more.\n\n_Last updated: today_\n`,
      ),
      url: `${BASE}/biomarkers/${key}`,
      family: 'biomarkers',
    });
    const text = buildLlmsFullTxt([
      page('a'),
      page('b'),
      { title: 'Home', tree: tree('# Home\n\nPremium means more.\n'), url: BASE },
    ]);
    expect(text.match(/^Premium means more\.$/gm)).toHaveLength(2); // the family's first page, and another page
    expect(text.match(/^_Last updated: today_$/gm)).toHaveLength(1);
    expect(text.match(/^\| g\/L \|$/gm)).toHaveLength(2);
    expect(text).toContain('- **Key**: b');
  });

  it("keeps each item page whole, its text in a list's table included, and points a shared section to it", () => {
    const list = {
      title: 'List',
      tree: tree('# List\n\n| Name | About |\n| - | - |\n| a | The a. |\n| b | The b. |\n'),
      url: BASE,
    };
    const page = (key: string) => ({
      title: key,
      tree: tree(`# ${key}\n\nThe ${key}.\n\n> Not advice.\n\n## Units\n\n| g/L |\n\n## Names\n\n${key} in German.\n`),
      url: `${BASE}/biomarkers/${key}`,
      family: 'biomarkers',
    });
    const text = buildLlmsFullTxt([list, page('a'), page('b')], {
      shared: [{ heading: 'Units', pointer: (_first, { url }) => `In [its row](${url}#row).` }],
    });
    // Each page's own description stays, though the list's row has it: a section read alone keeps its definition.
    expect(text.match(/^The a\.$/gm)).toHaveLength(1);
    expect(text.match(/^The b\.$/gm)).toHaveLength(1);
    expect(text.match(/\| The [ab]\. \|/g)).toHaveLength(2);
    // What every item page says alike is there once.
    expect(text.match(/^> Not advice\.$/gm)).toHaveLength(1);
    expect(text).toContain(`## Units\n\nIn [its row](${BASE}/biomarkers/a#row).\n\n## Names\n\na in German.`);
    expect(text).toContain(`In [its row](${BASE}/biomarkers/b#row).`);
  });

  it('holds a code block once: a later page points to the first that has it, short blocks stay', () => {
    const sample = "```sh\ncurl -sS -i 'https://catalog.example/v1/biomarkers/public?template=public-light-eu'\n```";
    const text = buildLlmsFullTxt(
      [
        { title: 'Start', tree: tree(`# Start\n\n${sample}\n\n\`\`\`text\n200 ok\n\`\`\`\n`), url: `${BASE}/` },
        {
          title: 'Guide',
          tree: tree(`# Guide\n\n${sample}\n\n\`\`\`text\n200 ok\n\`\`\`\n\nAfter.\n`),
          url: `${BASE}/guide`,
        },
      ],
      { sameBlock: (page) => `As under [${page.title}](${page.url}).` },
    );
    expect(text.split(sample)).toHaveLength(2);
    expect(text).toContain(`# Guide\n\nAs under [Start](${BASE}/).\n\n\`\`\`text\n200 ok\n\`\`\`\n\nAfter.`);
    expect(text.match(/200 ok/g)).toHaveLength(2);
  });

  it('works on the trees the page builders make: a shared section once, samples on the configured origin', () => {
    const list: Root = {
      type: 'root',
      children: [
        { type: 'heading', depth: 1, children: [text('Biomarkers')] },
        table(['Name', 'About'], [[[text('Ferritin')], [text('Iron stores.')]]]),
      ],
    };
    const marker = (key: string, about: string): Root => ({
      type: 'root',
      children: [
        { type: 'heading', depth: 1, children: [text(key)] },
        { type: 'paragraph', children: [text(about)] },
        bulletList([[strong('Key'), text(': '), code(key)]]),
        { type: 'heading', depth: 2, children: [text('Fetch it from the API')] },
        {
          type: 'code',
          lang: 'sh',
          value: `curl -sS '{BASE_URL}/v1/biomarkers/public?template=public-light-eu&key=${key}'`,
        },
        { type: 'heading', depth: 2, children: [text('Names')] },
        { type: 'paragraph', children: [text(`${key} in German.`)] },
      ],
    });
    const text_ = buildLlmsFullTxt(
      [
        { title: 'Biomarkers', tree: list, url: `${BASE}/biomarkers` },
        ...['ferritin', 'iron'].map((key) => ({
          title: key,
          tree: marker(key, key === 'ferritin' ? 'Iron stores.' : 'Serum iron.'),
          url: `${BASE}/biomarkers/${key}`,
          family: 'biomarkers',
          key,
        })),
      ],
      {
        baseUrl: BASE,
        shared: [
          {
            heading: 'Fetch it from the API',
            pointer: (first, page) => first && `As under [${first.title}](${first.url}#api), with \`${page.key}\`.`,
          },
        ],
      },
    );
    expect(text_.match(/^curl /gm)).toHaveLength(1);
    expect(text_).toContain(`curl -sS '${BASE}/v1/biomarkers/public?template=public-light-eu&key=ferritin'`);
    expect(text_).not.toContain('{BASE_URL}');
    expect(text_).toContain(
      `## Fetch it from the API\n\nAs under [ferritin](${BASE}/biomarkers/ferritin#api), with \`iron\`.\n\n## Names\n\niron in German.`,
    );
    // The list's cell holds ferritin's description, and so does its page; every page keeps its key.
    expect(text_.match(/Iron stores\./g)).toHaveLength(2);
    expect(text_).toContain('\n\nSerum iron.\n\n');
    expect(text_).toContain('- **Key**: `iron`');
  });

  it('joins the pages in order with a thematic break between them', () => {
    const text = buildLlmsFullTxt([
      { title: 'One', tree: tree('# One\n\nA.\n'), url: `${BASE}/` },
      { title: 'Two', tree: tree('# Two\n\nB.\n'), url: `${BASE}/auth` },
    ]);
    expect(text).toBe(`# One\n\nA.\n\n---\n\n# Two\n\nB.\n`);
  });
});

describe('buildSitemap', () => {
  const pages = [
    { page: { slug: '' }, locale: 'en', path: '/', lastUpdated: new Date('2026-11-20') },
    { page: { slug: '' }, locale: 'de', path: '/de', lastUpdated: new Date('2026-11-21') },
    { page: { slug: 'auth' }, locale: 'en', path: '/auth', lastUpdated: new Date('2026-10-01') },
    { page: { slug: 'auth' }, locale: 'de', path: '/de/auth', lastUpdated: new Date('2026-10-02') },
  ] as const;
  const xml = buildSitemap(pages, 'https://catalog.example');
  const urls = xml.split('<url>').slice(1);

  it('is a sitemaps.org urlset with the xhtml namespace', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('lists every page in every locale with an absolute loc and its own lastmod', () => {
    expect(urls.map((url) => /<loc>(.+)<\/loc>/.exec(url)![1])).toEqual([
      `${BASE}/`,
      `${BASE}/de`,
      `${BASE}/auth`,
      `${BASE}/de/auth`,
    ]);
    expect(urls.map((url) => /<lastmod>(.+)<\/lastmod>/.exec(url)![1])).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-10-01',
      '2026-10-02',
    ]);
  });

  it('gives each URL hreflang alternates for all its versions, itself included, and x-default', () => {
    const alternates = (url: string) =>
      [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    for (const url of urls.slice(2)) {
      expect(alternates(url)).toEqual([`en ${BASE}/auth`, `de ${BASE}/de/auth`, `x-default ${BASE}/auth`]);
    }
  });

  it('escapes XML special characters', () => {
    const escaped = buildSitemap(
      [{ page: { slug: 'a&b' }, locale: 'en', path: '/a&b', lastUpdated: new Date('2026-01-01') }],
      'https://catalog.example',
    );
    expect(escaped).toContain('<loc>https://catalog.example/a&amp;b</loc>');
    expect(escaped).not.toContain('/a&b');
  });
});

describe('buildRobotsTxt (RFC 9309)', () => {
  it('allows everything and names the sitemap in production', () => {
    expect(buildRobotsTxt({ baseUrl: BASE, production: true })).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${BASE}/sitemap.xml\n`,
    );
  });

  it('disallows everything elsewhere, without a sitemap line', () => {
    expect(buildRobotsTxt({ baseUrl: BASE, production: false })).toBe('User-agent: *\nDisallow: /\n');
  });
});
