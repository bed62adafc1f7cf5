import { describe, expect, it } from 'vitest';
import {
  errorPageKey,
  localeOfPath,
  PATH_PLACEHOLDER,
  SECONDS_PLACEHOLDER,
} from '../../../../src/lib/content/error-page-templates.ts';
import { contentSecurityPolicyFor } from '../../../../src/lib/http/content-security-policy.ts';
import { ErrorPages } from '../../../../src/server/store/error-pages.ts';

const pages = new ErrorPages();
for (const locale of ['en', 'de'] as const) {
  pages.put(errorPageKey(locale, 'not-found'), `<p lang="${locale}">Nothing at <code>${PATH_PLACEHOLDER}</code>.</p>`);
  pages.put(
    errorPageKey(locale, 'rate-limited-one'),
    `<p lang="${locale}">one: ${SECONDS_PLACEHOLDER} <a href="${PATH_PLACEHOLDER}">again</a></p>`,
  );
  pages.put(
    errorPageKey(locale, 'rate-limited-other'),
    `<p lang="${locale}">other: ${SECONDS_PLACEHOLDER} <a href="${PATH_PLACEHOLDER}">again</a></p>`,
  );
}

describe('the prepared browser error pages', () => {
  it('fills the path into the 404, HTML-escaped', () => {
    expect(pages.notFound('de', '/de/<b>"x"&\'')?.body.join('')).toBe(
      '<p lang="de">Nothing at <code>/de/&lt;b&gt;&quot;x&quot;&amp;&#39;</code>.</p>',
    );
  });

  it('fills the seconds and the path into the 429 variant of their plural category', () => {
    expect(pages.rateLimited('en', '/a', 1)?.body.join('')).toBe('<p lang="en">one: 1 <a href="/a">again</a></p>');
    expect(pages.rateLimited('de', '/de/a', 42)?.body.join('')).toBe(
      '<p lang="de">other: 42 <a href="/de/a">again</a></p>',
    );
  });

  it('gives each filled page the policy its own inline script and style attribute need, worked out once', () => {
    const styled = new ErrorPages();
    styled.put(
      errorPageKey('en', 'not-found'),
      `<script>document.documentElement.dataset.theme = 'dark';</script><p style="--x: 1">Nothing at ${PATH_PLACEHOLDER}.</p>`,
    );
    const first = styled.notFound('en', '/a<script>')!;
    const second = styled.notFound('en', '/b')!;
    expect(first.policy).toBe(contentSecurityPolicyFor(first.body.join('')));
    expect(second.policy).toBe(contentSecurityPolicyFor(second.body.join('')));
    expect(first.policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'/);
    expect(first.policy).toMatch(/style-src-attr 'unsafe-hashes' 'sha256-[^']+'/);
  });

  it('has nothing to serve without a build', () => {
    expect(new ErrorPages().notFound('en', '/x')).toBeUndefined();
    expect(new ErrorPages().rateLimited('en', '/x', 3)).toBeUndefined();
  });
});

describe('localeOfPath', () => {
  it.each([
    ['/de', 'de'],
    ['/de/no-such', 'de'],
    ['/de.md', 'en'],
    ['/desk', 'en'],
    ['/no-such', 'en'],
    ['/', 'en'],
  ])('reads %s as %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });
});
