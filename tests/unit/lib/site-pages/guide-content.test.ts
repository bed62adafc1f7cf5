import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../src/lib/content/locales.ts';
import type { PageDataState } from '../../../../src/lib/site-pages/page-data.ts';
import { contentId, pagePath } from '../../../../src/lib/content/page-paths.ts';
import {
  GUIDE_PAGES,
  ITEM_PAGE_FAMILIES,
  itemPageEntry,
  PageFrontmatterSchema,
} from '../../../../src/lib/content/page-registry.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { COMPONENT_CONVERTERS } from '../../../../src/lib/site-pages/component-converters.ts';
import { mdxToMarkdown } from '../../../../src/lib/site-pages/mdx-to-markdown.ts';
import { PROBLEM_CODES } from '../../../../src/lib/schemas/problem.ts';
import { bundledPanels, loadedCatalog } from '../../../helpers/catalog-fixture.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';
import { readPageFiles, readUiStrings, withoutCode } from '../../../helpers/content-files.ts';

const BASE_URL = 'https://catalog.example';
const files = readPageFiles();
const UNESCAPED_TAG = /(?<!\\)<[a-z/!]/i;
/** What data-driven pages are given: the bundled catalog, as the bundled origin serves it. */
let catalog: PageDataState;
beforeAll(async () => {
  catalog = loadedCatalog(await bundledPanels(BASE_URL));
});

describe('the page registry and content/pages', () => {
  it('has an MDX file for every registered page in every locale, and no unregistered file', () => {
    const slugs = [...GUIDE_PAGES.map((page) => page.slug), ...ITEM_PAGE_FAMILIES.map((family) => family.template)];
    const expected = slugs.flatMap((slug) => LOCALES.map((locale) => contentId(locale, slug))).sort();
    expect(files.map((file) => file.id)).toEqual(expected);
  });

  it.each(files.map((file) => [file.id, file] as const))('%s has valid frontmatter', (_id, file) => {
    expect(() => PageFrontmatterSchema.parse(file.frontmatter)).not.toThrow();
  });

  it('uses only components that have a Markdown converter, and every component file has one', () => {
    const used = new Set(
      files.flatMap((file) => [...withoutCode(file.body).matchAll(/<([A-Z]\w*)/g)].map((m) => m[1]!)),
    );
    const converters = Object.keys(COMPONENT_CONVERTERS).sort();
    expect([...used].filter((name) => !converters.includes(name))).toEqual([]);
    const componentFiles = readdirSync(new URL('../../../../src/components/mdx/', import.meta.url))
      .filter((name) => name.endsWith('.astro'))
      .map((name) => name.replace(/\.astro$/, ''))
      .sort();
    expect(componentFiles).toEqual(converters);
  });

  it.each(LOCALES)(
    'the %s developer guide has one ErrorHeading per Problem code, and one for invalid_client',
    (locale) => {
      const body = files.find((file) => file.id === `${locale}/developers`)!.body;
      const codes = [...body.matchAll(/<ErrorHeading code="([a-z_]+)"/g)].map((m) => m[1]);
      expect(codes.sort()).toEqual([...PROBLEM_CODES, 'invalid_client'].sort());
      // Every error heading is an ErrorHeading: one anchor pattern (`#invalid-client`, `#rate-limited`).
      expect(body).not.toMatch(/^#{3} `[a-z_]+` —/m);
    },
  );
});

describe('the Markdown twin of every page', () => {
  it.each(files.map((file) => [file.id, file] as const))('%s', (id, file) => {
    const { title, description } = PageFrontmatterSchema.parse(file.frontmatter);
    const [rawLocale = 'en', ...rest] = id.split('/');
    const locale = rawLocale === 'de' ? 'de' : 'en';
    const slug = rest.join('/') === 'index' ? '' : rest.join('/');
    const family = ITEM_PAGE_FAMILIES.find((entry) => entry.template === slug);
    // An item family's template is shown with one of its items: eGFR, a calculated marker.
    const page =
      family === undefined ? GUIDE_PAGES.find((entry) => entry.slug === slug) : itemPageEntry(family, 'egfr');
    const markdown = mdxToMarkdown(file.body, {
      title,
      description,
      baseUrl: BASE_URL,
      pagePath: pagePath(locale, page?.slug ?? slug),
      context: {
        item: page?.item,
        locale,
        slug: page?.slug ?? slug,
        openApiDocument: () => openApiDocumentFor(BASE_URL),
        ui: UiStringsSchema.parse(readUiStrings(locale)),
        otherUi: [],
        data: page?.data === 'catalog' ? catalog : undefined,
      },
    });
    expect(markdown.startsWith(`# ${title}\n\n`)).toBe(true);
    const prose = withoutCode(markdown);
    expect(prose.match(/^# /gm)).toHaveLength(1);
    expect(prose).not.toMatch(UNESCAPED_TAG);
    // MDX's import/export lines must not leak; code samples may import (`import json`).
    expect(prose).not.toMatch(/^(import|export) /m);
    expect(markdown).not.toContain('{BASE_URL}');
    expect(markdown).not.toContain('{/*');
    const links = [
      ...[...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
      ...[...markdown.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!),
    ];
    // Every link is absolute, so the twin works outside the site; whether a page links anything is its content's call.
    for (const link of links) expect(link).toMatch(/^(https:\/\/catalog\.example\/|https:\/\/)/);
  });
});
