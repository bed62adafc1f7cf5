/**
 * html-validate for every page the site serves (tests/integration/site-html.test.ts runs it
 * on the HTML of each sitemap page and of the error pages): the `recommended` rule set,
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
  },
};
