import { describe, expect, it } from 'vitest';
import { blockLocale } from '../../../../src/lib/content/page-paths.ts';

describe('blockLocale', () => {
  it('reads the language from the page file a code block is written in', () => {
    expect(blockLocale({ file: { path: '/repo/content/pages/de/developers.mdx' } })).toBe('de');
    expect(blockLocale({ file: { path: '/repo/content/pages/en/docs/mcp.mdx' } })).toBe('en');
  });

  it('answers the default language for a file outside the pages or in an unknown language', () => {
    expect(blockLocale({ file: { path: '/repo/src/components/Sample.astro' } })).toBe('en');
    expect(blockLocale({ file: { path: '/repo/content/pages/fr/index.mdx' } })).toBe('en');
  });
});
