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
  // Long lines wrap instead of scrolling: nothing is clipped on a phone, and
  // no block becomes a scroll region whose `tabindex` Expressive Code's script adds only
  // 250 ms after a resize (axe `scrollable-region-focusable` at 390 px).
  defaultProps: { wrap: true },
  // The copy button speaks the page's language (Starlight looks for pages elsewhere).
  // `<Code>` passes no file path: the samples give their locale as a prop instead.
  getBlockLocale: blockLocale,
});
