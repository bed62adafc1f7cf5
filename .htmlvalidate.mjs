/**
 * html-validate for the pages the site serves (tests/integration/site-sweep.test.ts runs it
 * on the HTML of the sitemap's pages and of the error pages): the `recommended` rule set,
 * with each exception below argued.
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // HTML (WHATWG §3.2.6 "The id attribute") allows any id with no ASCII whitespace; the
    // recommended rule also wants a leading letter, a CSS-selector convenience. The ids it
    // meets are heading slugs of numbered steps ("2. Request a token" → `2-request-a-token`)
    // that readers link to: renaming them would break those links. `relaxed` still rejects
    // empty ids and whitespace, which HTML forbids.
    'valid-id': ['error', { relaxed: true }],
    // WHATWG §13.1.2.1 allows a `/` before the `>` of a void element and gives it no meaning;
    // which form to write is house style, not correctness. Starlight's head and components
    // write `<meta … />` and `<link … />`, the site's own templates the other form; neither
    // can be changed without forking Starlight.
    'void-style': 'off',
    // The rule guards against a `<button>` in a form submitting it by accident (its default
    // type is `submit`). The buttons without a type are Starlight's search and menu toggle,
    // which sit in no form; the site's own buttons and Expressive Code's copy buttons
    // (src/lib/code-blocks/valid-html-plugin.ts) say `type="button"`.
    'no-implicit-button-type': 'off',
    // Style attributes are allowed by the CSP only by their hashes (`'unsafe-hashes'`, see
    // src/lib/http/content-security-policy.ts). Besides the default `display`, Starlight's
    // search dialog carries `style="padding:0"`; any other property still fails.
    'no-inline-style': ['error', { allowedProperties: ['display', 'padding'] }],
    // Starlight renders "On this page" twice, as a disclosure for narrow screens and as the
    // right-hand column for wide ones, and CSS shows exactly one of them at any width, so
    // assistive technology never meets two landmarks of that name; its unnamed `<aside>` is
    // then the only complementary landmark in the accessibility tree besides the named asides
    // of callouts. This static check cannot see CSS; axe's `landmark-unique` and
    // `landmark-complementary-is-top-level`, which see the rendered page, run on every page
    // at 390 and 1280 px in tests/e2e/quality.spec.ts, and the site's own landmarks (table
    // regions, API reference sections) keep unique names there.
    'unique-landmark': 'off',
  },
};
