import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { anchoredHeading, text } from '../../../../src/lib/markdown/mdast-builders.ts';
import { pagePart } from '../../../../src/lib/markdown/page-outline.ts';
import { pageContents, type DataComponentName } from '../../../../src/lib/site-pages/data-page-outlines.ts';

const h2 = (slug: string) => ({ depth: 2, slug, text: slug });

describe('pageContents', () => {
  const mdx = [h2('intro'), h2('about')];
  // A data component's outline: its anchored headings are the contents; a page part's are not.
  const asked: DataComponentName[] = [];
  const data = (name: DataComponentName): RootContent[] => {
    asked.push(name);
    return [
      anchoredHeading(2, 'browser', [text('browser')]),
      pagePart('CopyButton'),
      { type: 'heading', depth: 3, children: [text('no anchor')] },
      anchoredHeading(2, 'lipids', [text('lipids')]),
    ];
  };

  it("lists the MDX's headings above its data component, then the component's, then those below it", () => {
    const body = '## Intro\n\nText.\n\n<BiomarkerCategories />\n\n## About\n\nMore.\n';
    expect(pageContents(body, mdx, data).map((heading) => heading.slug)).toEqual([
      'intro',
      'browser',
      'lipids',
      'about',
    ]);
    expect(asked.at(-1)).toBe('BiomarkerCategories');
  });

  it('puts the data headings last on a page whose headings all stand above the component, or that has none', () => {
    const above = '## Intro\n\n## About\n\n<ApiReference />\n';
    expect(pageContents(above, mdx, data).map((h) => h.slug)).toEqual(['intro', 'about', 'browser', 'lipids']);
    expect(pageContents('## Intro\n\n## About\n', mdx, data).map((h) => h.slug)).toEqual(['intro', 'about']);
    // A component that is no data component adds nothing.
    expect(pageContents('<Callout title="x" />\n\n## Intro\n', mdx, data).map((h) => h.slug)).toEqual([
      'intro',
      'about',
    ]);
  });

  it('does not count a line that looks like a heading in a code sample above the component as a section', () => {
    const body = '## Intro\n\n```md\n## Not a section\n```\n\n<BiomarkerCategories />\n\n## About\n';
    expect(pageContents(body, mdx, data).map((h) => h.slug)).toEqual(['intro', 'browser', 'lipids', 'about']);
  });

  it('keeps the headings a component renders under a section above the data component with that section', () => {
    const withCodes = [h2('intro'), { depth: 3, slug: 'e1', text: 'e1' }, h2('about')];
    const body = '## Intro\n\n<ErrorHeading code="x" title="y" />\n\n<ApiReference />\n\n## About\n';
    expect(pageContents(body, withCodes, data).map((h) => h.slug)).toEqual([
      'intro',
      'e1',
      'browser',
      'lipids',
      'about',
    ]);
  });
});
