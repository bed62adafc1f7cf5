// @ts-check
import { defineEcConfig } from '@astrojs/starlight/expressive-code';
import { blockLocale } from './src/lib/content/page-paths.ts';
import { breakPointsPlugin } from './src/lib/code-blocks/break-points-plugin.ts';
import { styleClassesPlugin } from './src/lib/code-blocks/style-classes-plugin.ts';
import { validHtmlPlugin } from './src/lib/code-blocks/valid-html-plugin.ts';

/**
 * Expressive Code's options for the fenced blocks in the MDX pages and for Starlight's
 * `<Code>` component, which renders the request samples (src/components/samples/). They live
 * here, not in astro.config.mjs, because `<Code>` needs options with functions in this file.
 */
export default defineEcConfig({
  // Its blocks as valid HTML (html-validate `recommended`, which every page must pass), and its token
  // colours and line metrics as classes, not `style` attributes that each cost a hash in the
  // page's Content-Security-Policy header (see the plugin); a long word's break points (below).
  plugins: [validHtmlPlugin(), styleClassesPlugin(), breakPointsPlugin()],
  // Long lines wrap, as GitHub's code views do, so a sample's first line reads whole in the 630 px column of a
  // 1280 px screen (the column cannot widen: the sidebar and "On this page" take the rest): between words, and
  // inside a word only after a `/` or `,` (break-points-plugin.ts), never at any other character
  // (`src/styles/prose.css`), since a command or URL cut mid-word (`…/biomarke|rs`) misleads a reader who
  // retypes it. A word with no such point that is wider than the block still scrolls it sideways, a scroll region
  // the keyboard reaches (`focusablePre` in valid-html-plugin.ts; Expressive Code's script takes `tabindex` away from
  // a block with nothing to scroll). A wrapped line goes on two columns further in than it starts, so it reads as one
  // line. docs/guide.md, "Code blocks", says why.
  defaultProps: { wrap: true, preserveIndent: true, hangingIndent: 2 },
  // The copy button speaks the page's language (Starlight looks for pages elsewhere).
  // `<Code>` passes no file path: the samples give their locale as a prop instead.
  getBlockLocale: blockLocale,
});
