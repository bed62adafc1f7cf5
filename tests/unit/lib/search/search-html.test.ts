import { describe, expect, it } from 'vitest';
import { markerRecordHtml, searchableHtml, withSearchWords } from '../../../../scripts/build/search-html.ts';
import { withoutSearchWords } from '../../../../src/lib/search/search-words.ts';

const page =
  '<main data-pagefind-body><h1 id="_top">Guide</h1><p>Intro.</p><h2 id="rate-limits">Rate limits</h2><p>60 a minute.</p></main>';

describe('what the search index reads of a page', () => {
  it("puts a page's and a section's search words after its heading, hidden", () => {
    const html = withSearchWords(page, 'developers', {
      developers: ['guide words'],
      'developers#rate-limits': ['throttling', 'quota'],
      changelog: ['rss'],
    });
    expect(html).toMatch(
      /<h2 id="rate-limits">Rate limits<\/h2><span hidden data-pagefind-weight="10">[^<]*throttling[^<]*quota/,
    );
    expect(html).toMatch(/<\/h1><span hidden[^>]*>[^<]*guide words/);
    expect(html).not.toContain('rss');
  });

  it('fails on a section the page does not have', () => {
    expect(() => withSearchWords(page, 'developers', { 'developers#rate-limit': ['throttling'] })).toThrow(
      /developers#rate-limit names no heading/,
    );
  });

  it('leaves out uuids and keeps code lines apart', () => {
    const html = searchableHtml(
      '<p><code>d51abe70-98e8-41d5-ae3e-025df0c56bae</code></p><pre><code><span class="ec-line">curl</span><span class="ec-line">HTTP/1.1 200</span></code></pre>',
    );
    expect(html).not.toMatch(/d51abe70/);
    expect(html).toContain('curl</span>\n<span class="ec-line">HTTP/1.1 200');
  });

  it("makes an operation's responses part of its section, each named by the operation", () => {
    const html = searchableHtml(
      '<h2 id="op-options-x" class="api-operation-title"><span class="api-method">OPTIONS</span><code>/x</code></h2><h4 id="op-options-x-429"><code>429</code> Too Many Requests</h4>',
    );
    expect(html).toContain('OPTIONS</span> <code>/x</code>');
    expect(html).toContain('<h4 data-pagefind-weight="1"><code>429</code>');
  });

  it('shows none of the search words in an excerpt, wherever it begins or ends', () => {
    const record = markerRecordHtml('en', 'HbA1c', 'The proportion of haemoglobin.', {
      own: ['a1c'],
      other: ['glykiert'],
    });
    const text = record.replace(/<[^>]*>/g, ' ');
    expect(withoutSearchWords(text)).toBe('HbA1c The proportion of haemoglobin.');
    const middle = text.slice(text.indexOf('a1c'));
    expect(withoutSearchWords(middle)).toBe('');
  });
});
