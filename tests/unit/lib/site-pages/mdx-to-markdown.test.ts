import { describe, expect, it } from 'vitest';
import type { MarkdownTwinOptions } from '../../../../src/lib/site-pages/component-converters.ts';
import { CATALOG_POLICY, RATE_LIMIT_POLICY } from '../../../../src/lib/rate-limit/headers.ts';
import { mdxToMarkdown } from '../../../../src/lib/site-pages/mdx-to-markdown.ts';
import { withoutCode } from '../../../helpers/content-files.ts';

const OPTIONS: MarkdownTwinOptions = {
  title: 'Authentication',
  description: 'How to get a token.',
  baseUrl: 'https://catalog.example',
  pagePath: '/de/auth',
};
/** An HTML or JSX tag: `<` + letter or `/`, not escaped with a backslash. */
const UNESCAPED_TAG = /(?<!\\)<[a-z/]/i;
const convert = (source: string, options: Partial<MarkdownTwinOptions> = {}) =>
  mdxToMarkdown(source, { ...OPTIONS, ...options });

describe('mdxToMarkdown', () => {
  it('starts with "# Title" and the description', () => {
    const markdown = convert('## First\n\nText.\n');
    expect(markdown.startsWith('# Authentication\n\nHow to get a token.\n\n## First\n')).toBe(true);
  });

  it('puts the "Last updated" line, when given, right under the description', () => {
    const markdown = convert('## First\n', { updated: 'Zuletzt aktualisiert: 2026-11-22' });
    expect(
      markdown.startsWith(
        '# Authentication\n\nHow to get a token.\n\n_Zuletzt aktualisiert: 2026-11-22_\n\n## First\n',
      ),
    ).toBe(true);
  });

  it('drops import and export lines and MDX comments', () => {
    const markdown = convert(
      "import Callout from '../x.astro';\nexport const meta = { a: 1 };\n\n{/* a note for authors */}\n\nText.\n",
    );
    expect(markdown).not.toMatch(/import|export|a note for authors|\{|\}/);
    expect(markdown).toContain('Text.');
  });

  it('turns a Callout into a blockquote that starts with its title in bold', () => {
    const markdown = convert('<Callout type="warning" title="Not advice">\nBe *careful*.\n\n- a\n- b\n</Callout>\n');
    expect(markdown).toContain('> **Not advice**\n>\n> Be _careful_.\n>\n> - a\n> - b\n');
    expect(markdown).not.toContain('<');
  });

  it('turns an ErrorHeading into an H3 with the Problem code, its title and its status', () => {
    const markdown = convert('<ErrorHeading code="rate_limited" title="Zu viele Anfragen" />\n');
    expect(markdown).toContain('### `rate_limited` — Zu viele Anfragen (429)\n');
  });

  it("prints the rate limit's numbers from the policy, and a policy header's value as code", () => {
    const { limit, windowSeconds } = CATALOG_POLICY;
    const markdown = convert(
      'Up to <RateLimit show="limit" /> requests per <RateLimit show="window" /> (<RateLimit show="seconds" /> s): <RateLimit header="RateLimit-Policy" />\n',
    );
    expect(markdown).toContain(`Up to ${limit} requests per minute (${windowSeconds} s): \`${RATE_LIMIT_POLICY}\`\n`);
  });

  it("makes root-relative, relative and fragment links absolute on BASE_URL, a page's to its twin", () => {
    const markdown = convert(
      '[a](/developers#errors) [b](#rate-limits) [c](webhooks) [h](/) [m](/de/biomarkers/hba1c?x=1) ![icon](/favicon.svg)\n\n[ref]: /llms.txt\n\nSee [d][ref].\n',
    );
    expect(markdown).toContain('[a](https://catalog.example/developers.md#errors)');
    expect(markdown).toContain('[b](https://catalog.example/de/auth.md#rate-limits)');
    expect(markdown).toContain('[c](https://catalog.example/de/webhooks.md)');
    expect(markdown).toContain('[h](https://catalog.example/index.md)');
    expect(markdown).toContain('[m](https://catalog.example/de/biomarkers/hba1c.md?x=1)');
    // What is not a page (a document, a file, an API path) keeps its URL.
    expect(markdown).toContain('![icon](https://catalog.example/favicon.svg)');
    expect(markdown).toContain('[ref]: https://catalog.example/llms.txt');
  });

  it('names the page under its title when given its source URL, as llms-full.txt asks', () => {
    const markdown = mdxToMarkdown('Body.\n', {
      title: 'Auth',
      description: 'Tokens.',
      baseUrl: 'https://catalog.example',
      pagePath: '/auth',
      source: 'https://catalog.example/auth',
    });
    expect(markdown).toBe('# Auth\n\nSource: <https://catalog.example/auth>\n\nTokens.\n\nBody.\n');
  });

  it('leaves absolute and mailto links alone, and links to what is not a page of the site', () => {
    const markdown = convert(
      '[x](https://www.rfc-editor.org/rfc/rfc9110) [y](mailto:a@b.example) [z](/openapi.json) [w](/v1/biomarkers/public)\n',
    );
    expect(markdown).toContain('(https://catalog.example/openapi.json)');
    expect(markdown).toContain('(https://catalog.example/v1/biomarkers/public)');
    expect(markdown).toContain('(https://www.rfc-editor.org/rfc/rfc9110)');
    expect(markdown).toContain('(mailto:a@b.example)');
  });

  it('replaces {BASE_URL} in code blocks and code spans', () => {
    const markdown = convert("`{BASE_URL}/oauth/token`\n\n```sh\ncurl '{BASE_URL}/v1/biomarkers/public'\n```\n");
    expect(markdown).toContain('`https://catalog.example/oauth/token`');
    expect(markdown).toContain("curl 'https://catalog.example/v1/biomarkers/public'");
    expect(markdown).not.toContain('{BASE_URL}');
  });

  it('keeps GFM tables and fenced code with their language', () => {
    const markdown = convert('| a | b |\n| --- | --- |\n| `x` | y |\n\n```json\n{"a": 1}\n```\n');
    expect(markdown).toMatch(/\| a +\| b +\|\n\| -+ \| -+ \|\n\| `x` \| y +\|/);
    expect(markdown).toContain('```json\n{"a": 1}\n```');
  });

  it('escapes text that looks like markup so that it stays text', () => {
    const markdown = convert('Use a &lt;token&gt; and 5 &lt; 6.\n');
    expect(markdown).toContain('Use a \\<token> and 5 < 6.');
    expect(withoutCode(markdown)).not.toMatch(UNESCAPED_TAG);
  });

  it.each([
    ['an unknown component', '<Tabs>\nx\n</Tabs>\n', /No Markdown converter for <Tabs>/],
    ['a fragment', '<>\nx\n</>\n', /No Markdown converter/],
    ['an expression', 'Total: {1 + 1}\n', /MDX expression/],
    ['an expression attribute', '<Callout title={"x"}>\ny\n</Callout>\n', /only string attributes/],
    ['a missing required attribute', '<Callout>\ny\n</Callout>\n', /missing "title"/],
    ['an error code the service does not send', '<ErrorHeading code="teapot" title="x" />\n', /not an error code/],
    ['an H1 in the body', '# Another title\n', /must not contain an H1/],
    [
      'a rate-limit header that is not the policy',
      '<RateLimit header="RateLimit-Remaining" />\n',
      /not a policy header/,
    ],
  ])('refuses %s instead of leaking it', (_name, source, error) => {
    expect(() => convert(source)).toThrow(error);
  });
});
