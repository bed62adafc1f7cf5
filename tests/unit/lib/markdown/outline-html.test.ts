import type { Paragraph, PhrasingContent, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { anchoredHeading, bulletList, code, strong, table, text } from '../../../../src/lib/markdown/mdast-builders.ts';
import {
  outlineHtml,
  outlineHtmlWithHoles,
  type OutlineHtmlOptions,
} from '../../../../src/lib/markdown/outline-html.ts';
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
  twinOnly,
} from '../../../../src/lib/markdown/page-outline.ts';
import { PAGE_PART_HTML } from '../../../../src/lib/site-pages/page-part-html.ts';

const options = (): OutlineHtmlOptions => ({ parts: PAGE_PART_HTML, page: {} });
const html = (nodes: RootContent[]) => outlineHtml(nodes, options());
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

describe('an outline written as HTML', () => {
  it('writes text escaped as the rest of the page is: & < > " and \' as references', () => {
    expect(html([paragraph([text(`Tom & Jerry's <b>"x"</b>`)])])).toBe(
      '<p>Tom &amp; Jerry&#39;s &lt;b&gt;&quot;x&quot;&lt;/b&gt;</p>',
    );
  });

  it('escapes only & and " in attribute values, and writes an empty value as the bare name', () => {
    const node = pageElement('div', [], { 'data-a': `<a & "b">`, 'data-empty': '', hidden: true, open: false });
    expect(html([node])).toBe('<div data-a="<a &amp; &quot;b&quot;>" data-empty hidden></div>');
  });

  it('writes a non-boolean attribute given a boolean as its text, as Astro does', () => {
    expect(html([paragraph([pageElement('span', [text('x')], { 'data-flag': false })])])).toBe(
      '<p><span data-flag="false">x</span></p>',
    );
  });

  it('writes phrasing: strong, emphasis, inline code, links with their attributes, breaks', () => {
    const nodes = [
      paragraph([
        strong('bold'),
        { type: 'emphasis', children: [text('em')] },
        code('a<b'),
        onPage({ type: 'link', url: '/x?a=1&b=2', children: [text('link')] }, { lang: 'de' }),
        { type: 'break' },
      ]),
    ];
    expect(html(nodes)).toBe(
      '<p><strong>bold</strong><em>em</em><code>a&lt;b</code><a href="/x?a=1&amp;b=2" lang="de">link</a><br></p>',
    );
  });

  it('writes text that carries page attributes as a span', () => {
    expect(html([paragraph([onPage(text('Lipids'), { lang: 'de' }), onPage(text('x'), { lang: undefined })])])).toBe(
      '<p><span lang="de">Lipids</span><span>x</span></p>',
    );
  });

  it('gives a heading its anchor as its id, before its other attributes', () => {
    expect(html([onPage(anchoredHeading(2, 'facts', [text('At a glance')]), { class: 'h' })])).toBe(
      '<h2 id="facts" class="h">At a glance</h2>',
    );
  });

  it('writes a tight list item’s paragraphs as their text, a spread list’s as paragraphs', () => {
    const list = () => bulletList([[text('one')], [text('two')]]);
    expect(html([onPage(list(), { class: 'l' })])).toBe('<ul class="l"><li>one</li><li>two</li></ul>');
    expect(html([{ ...list(), ordered: true, spread: true }])).toBe('<ol><li><p>one</p></li><li><p>two</p></li></ol>');
  });

  it('writes a table with column heads, row heads where asked, and cell attributes', () => {
    const t = table(['A', 'B'], [[[text('1')], [text('2')]]]);
    onPage(t.children[1]!.children[1]!, { class: 'numeric' });
    expect(html([{ ...t, data: { rowHeaders: true } }])).toBe(
      '<table><thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead>' +
        '<tbody><tr><th scope="row">1</th><td class="numeric">2</td></tr></tbody></table>',
    );
  });

  it('puts a wide table in a focusable region named by its column heads, numbered when a page repeats them', () => {
    const wide = () => ({ ...table(['Field', 'Type'], [[[text('a')], [text('b')]]]), data: { scroll: true } });
    const page = options();
    const out = outlineHtml([wide(), wide()], page);
    expect(out).toContain('<section class="table-scroll" tabindex="0" aria-label="Field, Type"><table><thead>');
    expect(out).toContain('aria-label="Field, Type (2)"');
  });

  it('writes facts as a description list, a badge label as a span', () => {
    const node = facts([fact('Unit', [text('mmol/L')], { class: 'u' }), badgeFact('Premium', { class: 'badge' }, [])], {
      class: 'f',
    });
    expect(html([node])).toBe(
      '<dl class="f"><div><dt>Unit</dt><dd class="u">mmol/L</dd></div>' +
        '<div><dt><span class="badge">Premium</span></dt><dd></dd></div></dl>',
    );
  });

  it('writes a page element around its children, page-only nodes, and leaves out what only the twin says', () => {
    const node = pageElement('section', [pageOnly([text('page')]), twinOnly([paragraph([text('twin')])])], {
      'aria-labelledby': 'h',
    });
    expect(html([node])).toBe('<section aria-labelledby="h">page</section>');
  });

  it('writes long prepared markup as given at any depth, and leaves the nodes it was given as they were', () => {
    const card = `<li class="card">${'x'.repeat(300)}</li>`;
    const shared = [{ type: 'raw', value: card }] as const;
    const parts = { ...PAGE_PART_HTML, Cards: () => [...shared, ...shared] };
    // Text holding the private-use characters the writing uses for its places, as catalog data could.
    const nodes = [
      pageElement('section', [pageElement('div', [pagePart('Cards'), paragraph([text('\uE002 0\uE003 x')])])]),
      pagePart('Cards'),
    ];
    const expected = `<section><div>${card}${card}<p>\uE002 0\uE003 x</p></div></section>${card}${card}`;
    expect(outlineHtml(nodes, { parts, page: {} })).toBe(expected);
    expect(outlineHtml(nodes, { parts, page: {} })).toBe(expected);
    expect(shared[0].value).toBe(card);
  });

  it('lets code wrap after each / or between words', () => {
    expect(html([paragraph([breakableCode('/v1/biomarkers/public')])])).toBe(
      '<p><code>/<wbr>v1/<wbr>biomarkers/<wbr>public</code></p>',
    );
    expect(html([paragraph([breakableCode('GET /a', ' ')])])).toBe(
      '<p><code class="code-words"><span>GET</span> <span>/a</span></code></p>',
    );
  });

  it('writes the page parts it knows as HTML: a copy button, JSON-LD, a prepared sample', () => {
    const nodes = [
      pagePart('CopyButton', { text: '0b1c', label: 'Copy UUID', copied: 'Copied.' }),
      pagePart('JsonLd', { json: '{"a":"\\u003c"}' }),
      pagePart('RequestSample', { prepared: '<div class="sample-tabs"></div>' }),
    ];
    expect(html(nodes)).toBe(
      '<button type="button" class="copy-button" data-copy="0b1c" data-copied="Copied." hidden>Copy UUID</button>' +
        '<span class="copy-status" role="status"></span>' +
        '<script type="application/ld+json">{"a":"\\u003c"}</script><div class="sample-tabs"></div>',
    );
  });

  it('writes a changelog entry’s day for a reader of the page’s language', () => {
    const meta = (locale: string) =>
      html([pagePart('ChangelogMeta', { date: '2026-11-28T01:06:12Z', kind: 'api', label: 'API', locale })]);
    expect(meta('en')).toBe(
      '<p class="changelog-meta"><time datetime="2026-11-28T01:06:12Z">November 28, 2026</time> · ' +
        '<span class="changelog-kind changelog-kind-api">API</span></p>',
    );
    expect(meta('de')).toContain('>28. November 2026</time>');
  });

  it('leaves a hole for each part only Astro renders, in page order', () => {
    const nodes = [
      paragraph([text('before')]),
      { type: 'code', lang: 'text', value: 'x' } as RootContent,
      pageElement('div', [pagePart('CopyButtonScript')]),
      callout('warning', 'Careful', [paragraph([text('inside')])]),
    ];
    const { html: pieces, holes } = outlineHtmlWithHoles(nodes, options());
    expect(pieces).toEqual(['<p>before</p>', '<div>', '</div>', '']);
    expect(holes).toEqual([
      { kind: 'code', value: 'x', lang: 'txt' },
      { kind: 'part', component: 'CopyButtonScript', props: {} },
      { kind: 'callout', variant: 'warning', title: 'Careful', html: '<p>inside</p>' },
    ]);
  });

  it('refuses a part only Astro renders when nothing fills holes, and a node it has no page form for', () => {
    expect(() => html([pagePart('BiomarkerBrowser')])).toThrow(/needs Astro/);
    expect(() => html([{ type: 'thematicBreak' }])).toThrow(/no page form for a thematicBreak/);
  });
});
