import ApiOperations from './ApiOperations.astro';
import ApiReference from './ApiReference.astro';
import BiomarkerCategories from './BiomarkerCategories.astro';
import BiomarkerDetail from './BiomarkerDetail.astro';
import Callout from './Callout.astro';
import Changelog from './Changelog.astro';
import CodeBlock from './elements/CodeBlock.astro';
import ErrorHeading from './ErrorHeading.astro';
import MarkerFinder from './MarkerFinder.astro';
import RateLimit from './RateLimit.astro';
import Sample from './Sample.astro';
import TableScroll from './elements/TableScroll.astro';

/**
 * The components MDX pages may use, passed to `<Content components={…}>` so pages need
 * no import lines. Each has a Markdown converter in `src/lib/site-pages/component-converters.ts`.
 */
export const MDX_COMPONENTS = {
  ApiOperations,
  ApiReference,
  BiomarkerCategories,
  BiomarkerDetail,
  Callout,
  Changelog,
  ErrorHeading,
  MarkerFinder,
  RateLimit,
  Sample,
};

/** Replacements for elements Markdown itself produces (`elements/`); their Markdown twin is unchanged. */
export const MDX_ELEMENTS = { pre: CodeBlock, table: TableScroll };
