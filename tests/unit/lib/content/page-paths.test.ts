import { describe, expect, it } from 'vitest';
import {
  canonicalPagePath,
  contentId,
  markdownPath,
  pagePath,
  resolvePagePath,
} from '../../../../src/lib/content/page-paths.ts';

describe('page paths', () => {
  it.each([
    ['en', '', '/', '/index.md', 'en/index'],
    ['de', '', '/de', '/de/index.md', 'de/index'],
    ['en', 'developers', '/developers', '/developers.md', 'en/developers'],
    ['de', 'auth', '/de/auth', '/de/auth.md', 'de/auth'],
    ['en', 'docs/mcp', '/docs/mcp', '/docs/mcp.md', 'en/docs/mcp'],
    ['de', 'docs/mcp', '/de/docs/mcp', '/de/docs/mcp.md', 'de/docs/mcp'],
  ] as const)('%s "%s" is at %s, its twin at %s, its content at %s', (locale, slug, html, md, id) => {
    expect(pagePath(locale, slug)).toBe(html);
    expect(markdownPath(locale, slug)).toBe(md);
    expect(contentId(locale, slug)).toBe(id);
    expect(resolvePagePath(html)).toMatchObject({ locale, page: { slug }, format: 'page' });
    expect(resolvePagePath(md)).toMatchObject({ locale, page: { slug }, format: 'markdown' });
  });

  it.each([
    ['/.md', 'en'],
    ['/de.md', 'de'],
  ] as const)('%s is the Markdown of the %s home page, like its index.md', (path, locale) => {
    expect(resolvePagePath(path)).toMatchObject({ locale, page: { slug: '' }, format: 'markdown' });
  });

  it.each([
    '/nope',
    '/nope.md',
    '/de/nope',
    '/de/nope.md',
    '/en/developers',
    '/en',
    '/developers/',
    '/de/',
    '/index',
    '/de/index',
    '/DEVELOPERS',
    '/developers.MD',
    '/developers.md.md',
    '/fr/developers',
    '/docs',
    '/docs.md',
    '/%64evelopers',
    '',
  ])('%s is no page', (path) => {
    expect(resolvePagePath(path)).toBeUndefined();
  });

  it.each([
    ['/biomarkers/egfr', 'en', 'page'],
    ['/biomarkers/egfr.md', 'en', 'markdown'],
    ['/de/biomarkers/egfr', 'de', 'page'],
    ['/de/biomarkers/egfr.md', 'de', 'markdown'],
  ] as const)('%s names the page of the marker egfr (%s, %s) by its form', (path, locale, format) => {
    expect(resolvePagePath(path)).toMatchObject({
      locale,
      format,
      page: { slug: 'biomarkers/egfr', data: 'catalog', item: { key: 'egfr', family: { slug: 'biomarkers' } } },
    });
  });

  it.each([
    '/biomarkers/',
    '/biomarkers/.md',
    '/biomarkers/EGFR',
    '/biomarkers/egfr/',
    '/biomarkers/egfr.md.md',
    '/biomarkers/egfr/more',
    '/biomarkers/-egfr',
    '/biomarkers/e%67fr',
    `/biomarkers/${'a'.repeat(101)}`,
    '/en/biomarkers/egfr',
    '/de/biomarkers/',
  ])('%s is no marker page', (path) => {
    expect(resolvePagePath(path)).toBeUndefined();
  });

  it.each([
    ['/developers/', '/developers'],
    ['/de/', '/de'],
    ['/developers//', '/developers'],
    [`/de${'/'.repeat(10_000)}`, '/de'],
    ['/index.md/', '/index.md'],
    ['/biomarkers/EGFR', '/biomarkers/egfr'],
    ['/de/biomarkers/HbA1c.md', '/de/biomarkers/hba1c.md'],
    ['/biomarkers/HbA1c/', '/biomarkers/hba1c'],
  ])('%s nearly names the page at %s', (path, canonical) => {
    expect(canonicalPagePath(path)?.path).toBe(canonical);
    expect(resolvePagePath(canonical)).toBeDefined();
  });

  it.each([
    '/',
    '/developers',
    '/biomarkers/egfr',
    '/Developers',
    '/nope/',
    '/v1/biomarkers/public/',
    '/biomarkers/E_GFR',
  ])('%s is canonical or nearly names no page', (path) => {
    expect(canonicalPagePath(path)).toBeUndefined();
  });
});
