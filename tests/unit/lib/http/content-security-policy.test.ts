import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicyFor } from '../../../../src/lib/http/content-security-policy.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The sources of one directive of a policy. */
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicyFor', () => {
  it('allows each inline script of the page by its hash, and never unsafe-inline', () => {
    const theme = "\n\twindow.theme = localStorage.getItem('t');\n";
    const html = `<html><head><script>${theme}</script><script type="module" src="/_astro/a.js"></script></head>
      <body><script aria-hidden="true">go()</script><script>${theme}</script></body></html>`;
    const policy = contentSecurityPolicyFor(html);
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      ...[sha256(theme), sha256('go()')].sort(),
    ]);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('leaves out JSON-LD data blocks, which never run', () => {
    const policy = contentSecurityPolicyFor('<script type="application/ld+json">{"@type":"Thing"}</script>');
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('allows the style attributes the page carries by hash, decoded as the browser reads them', () => {
    const html = '<span style="--0:#D6DEEB;--1:#403F53">a</span><li style="--depth: 0;">b</li><i style="a&amp;b">';
    expect(directive(contentSecurityPolicyFor(html), 'style-src-attr')).toEqual([
      "'unsafe-hashes'",
      ...[sha256('--0:#D6DEEB;--1:#403F53'), sha256('--depth: 0;'), sha256('a&b')].sort(),
    ]);
  });

  it('allows no style attribute and no framing on a page without any', () => {
    const policy = contentSecurityPolicyFor('<p>plain</p>');
    expect(directive(policy, 'style-src-attr')).toEqual(["'none'"]);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
