import { describe, expect, it } from 'vitest';
import { negotiate } from '../../../../src/lib/http/accept.ts';

const PAGE = ['text/html', 'text/markdown'] as const;

describe('negotiate (page: HTML first, Markdown when preferred)', () => {
  it.each([
    ['no header', undefined, 'text/html'],
    ['empty header', '', 'text/html'],
    ['*/*', '*/*', 'text/html'],
    ['markdown only', 'text/markdown', 'text/markdown'],
    ['upper case and spaces', ' Text/Markdown ; q=1 ', 'text/markdown'],
    ['markdown preferred by q', 'text/html;q=0.5, text/markdown', 'text/markdown'],
    ['tie goes to HTML', 'text/markdown, text/html', 'text/html'],
    ['html preferred', 'text/markdown;q=0.4, text/html;q=0.9', 'text/html'],
    ['q=0 excludes html', 'text/html;q=0, */*', 'text/markdown'],
    ['q=0 excludes markdown', 'text/markdown;q=0, */*', 'text/html'],
    ['text/* matches both, tie to HTML', 'text/*', 'text/html'],
    ['specific beats wildcard', 'text/*;q=0.1, text/markdown;q=0.9', 'text/markdown'],
    ['specific q=0 beats a wildcard that would match', 'text/*, text/markdown;q=0', 'text/html'],
    ['a substring is not a match', 'text/markdownish', undefined],
    ['plain text is not markdown', 'text/plain', undefined],
    ['x-markdown is not markdown', 'text/x-markdown', undefined],
    [
      'Chrome navigation',
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      'text/html',
    ],
    ['Firefox navigation', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ['curl', '*/*', 'text/html'],
    ['an agent asking for markdown first', 'text/markdown, text/html;q=0.9, */*;q=0.1', 'text/markdown'],
    ['an agent with markdown and plain text', 'text/markdown, text/plain;q=0.8', 'text/markdown'],
    ['malformed members are skipped', 'garbage, text/markdown', 'text/markdown'],
    ['a member with an invalid q is skipped', 'text/markdown;q=2, text/html;q=0.5', 'text/html'],
    ['a header of only malformed members counts as absent', 'text/markdown;q=high', 'text/html'],
    // Browsers (navigation requests) and crawlers: always HTML.
    ['Safari navigation', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    [
      'Edge navigation',
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      'text/html',
    ],
    ['Googlebot', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ['a fetch() or XHR default', '*/*', 'text/html'],
    ['Python requests, wget and Node fetch', '*/*', 'text/html'],
    ['Go net/http, which sends no Accept', undefined, 'text/html'],
    [
      'an old Internet Explorer list of types, all at q=1',
      'image/gif, image/jpeg, application/x-ms-application, */*',
      'text/html',
    ],
    // Agents asking for Markdown.
    [
      'an agent with fallbacks',
      'text/markdown;q=1.0, text/x-markdown;q=0.9, text/plain;q=0.8, text/html;q=0.7, */*;q=0.1',
      'text/markdown',
    ],
    [
      'an agent listing markdown first at equal weight (a tie goes to HTML)',
      'text/markdown, text/html, */*',
      'text/html',
    ],
    ['an agent preferring markdown by q', 'text/html;q=0.8, text/markdown;q=0.9', 'text/markdown'],
    ['equal q written out still ties to HTML', 'text/html;q=0.8,text/markdown;q=0.8', 'text/html'],
    ['a media-type parameter on markdown', 'text/markdown;charset=utf-8', 'text/markdown'],
    ['a quoted parameter value', 'text/markdown;variant="GFM";q=0.9, text/html;q=0.5', 'text/markdown'],
    ['upper-case type and q', 'TEXT/MARKDOWN;Q=0.9, text/html;q=0.8', 'text/markdown'],
    ['spaces around separators', ' text/html ; q=0.1 ,  text/markdown ; q=0.2 ', 'text/markdown'],
    ['three decimals', 'text/html;q=0.001, text/markdown;q=0.002', 'text/markdown'],
    ['four decimals are not a qvalue (RFC 9110 §12.4.2)', 'text/markdown;q=0.0001, text/html;q=0.5', 'text/html'],
    // Wildcards never choose Markdown over an acceptable HTML.
    ['a wildcard above a named HTML still gives HTML', 'text/html;q=0.5, */*', 'text/html'],
    ['text/* above a named HTML still gives HTML', 'text/*;q=0.9, text/html;q=0.5', 'text/html'],
    ['HTML excluded and text/* allowed gives Markdown', 'text/html;q=0, text/*', 'text/markdown'],
    ['everything excluded', 'text/html;q=0, text/markdown;q=0', undefined],
    ['only other types', 'application/json', undefined],
  ])('%s', (_name, header, expected) => {
    expect(negotiate(header, PAGE)).toBe(expected);
  });
});

describe('negotiate weighs each type by its most specific range', () => {
  it.each([
    ['text/* is more specific than */*', '*/*;q=0.9, text/*;q=0.1, text/markdown;q=0.5', 'text/markdown'],
    [
      'a named type is more specific than text/*',
      'text/*;q=0.9, text/markdown;q=0.5, text/html;q=0.1',
      'text/markdown',
    ],
    [
      'a media-type parameter is more specific than none',
      'text/markdown;q=0.2, text/markdown;charset=utf-8;q=0.9, text/html;q=0.5',
      'text/markdown',
    ],
  ])('%s', (_name, header, expected) => {
    expect(negotiate(header, PAGE)).toBe(expected);
  });
});
