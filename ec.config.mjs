// @ts-check
import { defineEcConfig } from '@astrojs/starlight/expressive-code';
import { blockLocale } from './src/lib/content/page-paths.ts';
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
  // page's Content-Security-Policy header (see the plugin).
  plugins: [validHtmlPlugin(), styleClassesPlugin()],
  // Long lines scroll sideways instead of wrapping: a wrapped command or URL broke in the
  // middle of a word on a phone (`…/biomarke|rs`), which misleads a reader who retypes it. Each
  // block is a scroll region the keyboard reaches from the start (`focusablePre` in
  // valid-html-plugin.ts), not only once Expressive Code's script notices it overflows.
  defaultProps: { wrap: false },
  // The copy button speaks the page's language (Starlight looks for pages elsewhere).
  // `<Code>` passes no file path: the samples give their locale as a prop instead.
  getBlockLocale: blockLocale,
});
