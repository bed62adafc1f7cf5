import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../src/lib/content/locales.ts';
import { contentId } from '../../../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../../../../src/lib/content/page-registry.ts';
import {
  assembleSitePages,
  parseSitePageIndex,
  type SitePageIndex,
} from '../../../../src/lib/site-pages/site-page-index.ts';
import { buildSitemap } from '../../../../src/lib/discovery/build-crawl-documents.ts';
import { buildLlmsTxt } from '../../../../src/lib/discovery/build-llms-txt.ts';

const frontmatter = (title: string) => ({
  title,
  description: `What the page about ${title} says, in a sentence.`,
  lastUpdated: new Date('2026-11-20'),
});

/** An index as the build writes it, for every registered page and template. */
const index: SitePageIndex = Object.fromEntries([
  ...GUIDE_PAGES.flatMap((page) =>
    LOCALES.map((locale) => [contentId(locale, page.slug), frontmatter(`${locale} ${page.slug || 'home'}`)]),
  ),
  ...ITEM_PAGE_FAMILIES.flatMap((family) =>
    LOCALES.map((locale) => [contentId(locale, family.template), frontmatter('{name}')]),
  ),
]);

describe('assembleSitePages', () => {
  it('lists every registered page in every locale, in registry order, and no item while the data is unavailable', () => {
    const pages = assembleSitePages(index, () => ({ ok: false, reason: 'origin down' }), 'https://example.test');
    expect(pages.map((page) => page.path)).toEqual(
      GUIDE_PAGES.flatMap((page) =>
        LOCALES.map((locale) => (locale === 'en' ? `/${page.slug}` : `/de${page.slug ? `/${page.slug}` : ''}`)),
      ),
    );
    expect(pages.find((page) => page.path === '/de/auth')).toMatchObject({
      title: 'de auth',
      markdownPath: '/de/auth.md',
    });
    const llms = buildLlmsTxt(pages, 'https://example.test');
    expect(llms).toContain('- [en auth](https://example.test/auth.md)');
    expect(llms).not.toContain('## Biomarkers');
    expect(buildSitemap(pages, 'https://example.test')).toContain('<lastmod>2026-11-20</lastmod>');
  });

  it('fails on a page the index has no frontmatter for: a build mistake, not an empty entry', () => {
    const { 'en/auth': _left, ...partial } = index;
    expect(() => assembleSitePages(partial, () => undefined, 'https://example.test')).toThrow(/en\/auth/);
  });
});

describe('parseSitePageIndex', () => {
  it('reads the JSON the build wrote back with dates', () => {
    const parsed = parseSitePageIndex(JSON.stringify(index));
    expect(parsed['en/index']!.lastUpdated).toEqual(new Date('2026-11-20'));
    expect(parsed).toEqual(index);
  });
});
