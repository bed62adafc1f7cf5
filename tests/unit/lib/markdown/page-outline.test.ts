import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { printMarkdown } from '../../../../src/lib/markdown/markdown-printer.ts';
import { anchoredHeading, code, outlineHeadings, text } from '../../../../src/lib/markdown/mdast-builders.ts';
import {
  badgeFact,
  breakableCode,
  callout,
  fact,
  facts,
  onPage,
  pageElement,
  pageOnly,
  pagePart,
  twinNodes,
  twinOnly,
} from '../../../../src/lib/markdown/page-outline.ts';
import { bulletList } from '../../../../src/lib/markdown/mdast-builders.ts';

const print = (nodes: RootContent[]) => printMarkdown({ type: 'root', children: twinNodes(nodes) });

describe('a page outline as its twin', () => {
  const outline: RootContent[] = [
    pagePart('JsonLd', { json: '{}' }),
    anchoredHeading(2, 'facts', [text('At a glance')]),
    facts(
      [
        fact('UUID', [code('0b1c'), pagePart('CopyButton', { text: '0b1c' })]),
        fact('Key', [code('hba1c'), text(' — '), onPage(text('names this page'), { class: 'hint' })]),
      ],
      { class: 'marker-page-facts' },
    ),
    callout('warning', 'Unavailable', [{ type: 'paragraph', children: [text('Try again later.')] }]),
    twinOnly([{ type: 'code', lang: 'sh', value: 'curl /v1' }]),
  ];

  it('prints facts as bold-labelled items, a callout as a blockquote, and what only the twin says', () => {
    expect(print(outline)).toBe(
      [
        '## At a glance',
        '',
        '- **UUID**: `0b1c`',
        '- **Key**: `hba1c` — names this page',
        '',
        '> **Unavailable**',
        '>',
        '> Try again later.',
        '',
        '```sh',
        'curl /v1',
        '```',
        '',
      ].join('\n'),
    );
  });

  it("leaves out the page's parts, and the outline it was given unchanged", () => {
    const before = JSON.stringify(outline);
    const twin = JSON.stringify(twinNodes(outline));
    expect(twin).not.toContain('pagePart');
    expect(twin).not.toContain('CopyButton');
    expect(twin).not.toContain('"type":"facts"');
    expect(JSON.stringify(outline)).toBe(before);
  });

  it('gives the table of contents from the anchored headings', () => {
    expect(outlineHeadings(outline)).toEqual([{ depth: 2, slug: 'facts', text: 'At a glance' }]);
  });
});

describe("a page outline's elements and what the page hides", () => {
  const item = (name: string) => [pageElement('a', [text(name)], { href: `#${name.toLowerCase()}` })];
  const index = (hidden: boolean[]) => {
    const list = bulletList(['Iron', 'Liver'].map((name) => item(name)));
    list.children.forEach((entry, i) => onPage(entry, { hidden: hidden[i]! }));
    return list;
  };
  const section = (hidden: boolean): RootContent =>
    pageElement(
      'section',
      [
        anchoredHeading(2, 'kidney', [text('Kidneys')]),
        facts([badgeFact('Calculated', { class: 'badge' }, [text('from other markers')])]),
      ],
      { class: 'catalog-category', hidden },
    );

  it("prints an element's content without the element: a section's blocks, a page-only link's text", () => {
    expect(print([pageElement('nav', [index([false, false])]), section(false)])).toBe(
      ['- Iron', '- Liver', '', '## Kidneys', '', '- **Calculated**: from other markers', ''].join('\n'),
    );
  });

  it('leaves out what the page hides, and a list whose every item it hides', () => {
    expect(print([index([true, false]), section(true)])).toBe('- Liver\n');
    expect(print([anchoredHeading(2, 'categories', [text('Categories')]), index([true, true])])).toBe(
      '## Categories\n',
    );
  });

  it('finds the headings inside elements for the table of contents, through the twin', () => {
    expect(outlineHeadings(twinNodes([pageElement('div', [section(false)])]))).toEqual([
      { depth: 2, slug: 'kidney', text: 'Kidneys' },
    ]);
  });
});

describe("the page's own elements in an outline", () => {
  const outline: RootContent[] = [
    pageElement(
      'section',
      [
        anchoredHeading(2, 'op-get-path', [
          pageOnly([pageElement('span', [text('GET')], { class: 'method' }), breakableCode('/v1/path')]),
          twinOnly([code('GET /v1/path')]),
        ]),
        { type: 'paragraph', children: [text('Names '), breakableCode('public-light-eu', ' '), text('.')] },
        pageOnly([pageElement('dl', [pageElement('dt', [code('key')])], { class: 'fields' })]),
      ],
      { class: 'operation' },
    ),
  ];

  it('prints what an element wraps, code that may wrap as code, and leaves out what only the page shows', () => {
    expect(print(outline)).toBe(['## `GET /v1/path`', '', 'Names `public-light-eu`.', ''].join('\n'));
    const twin = JSON.stringify(twinNodes(outline));
    for (const kind of ['pageElement', 'pageOnly', 'breakableCode']) expect(twin).not.toContain(kind);
  });

  it("keeps a wrapped heading's anchor for the table of contents, read from the twin's form", () => {
    expect(outlineHeadings(twinNodes(outline))).toEqual([{ depth: 2, slug: 'op-get-path', text: 'GET /v1/path' }]);
  });
});
