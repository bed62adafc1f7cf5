import { describe, expect, it } from 'vitest';
import { negotiate, parseAccept, qualityOf } from '../../src/lib/http/accept.ts';

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
    ['an invalid q is ignored as a member', 'text/markdown;q=2, text/html', 'text/html'],
  ])('%s', (_name, header, expected) => {
    expect(negotiate(header, PAGE)).toBe(expected);
  });
});

describe('qualityOf', () => {
  it('uses the most specific matching range', () => {
    const ranges = parseAccept('*/*;q=0.1, text/*;q=0.5, text/markdown;q=0.8');
    expect(qualityOf(ranges, 'text/markdown')).toBe(0.8);
    expect(qualityOf(ranges, 'text/html')).toBe(0.5);
    expect(qualityOf(ranges, 'application/json')).toBe(0.1);
  });

  it('treats media-type parameters as more specific', () => {
    const ranges = parseAccept('text/markdown;q=0.2, text/markdown;charset=utf-8;q=0.9');
    expect(qualityOf(ranges, 'text/markdown')).toBe(0.9);
  });
});
