import { createHash } from 'node:crypto';
import { expect } from 'vitest';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The sources of one directive of a Content-Security-Policy header. */
function directiveSources(policy: string, name: string): string[] {
  const part = policy.split(';').find((each) => each.trim().startsWith(`${name} `));
  return part === undefined ? [] : part.trim().split(/\s+/).slice(1);
}

/**
 * Asserts that a page's policy allows every inline script and `style` attribute the page
 * carries by its own hash, and nothing by `'unsafe-inline'`: what a browser would refuse
 * otherwise (a console error in the browser tests).
 */
export function expectPolicyCoversInlineCode(html: string, policy: string): void {
  expect(policy).not.toContain('unsafe-inline');
  // 'wasm-unsafe-eval' (Pagefind's WebAssembly) compiles no strings; 'unsafe-eval' would.
  expect(directiveSources(policy, 'script-src')).not.toContain("'unsafe-eval'");
  const scripts = directiveSources(policy, 'script-src');
  for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attrs!) || /application\/ld\+json/.test(attrs!)) continue;
    expect(scripts).toContain(hash(body!));
  }
  const styles = directiveSources(policy, 'style-src-attr');
  for (const [, value] of html.matchAll(/\sstyle="([^"]*)"/g)) {
    expect(styles).toContain(hash(value!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')));
  }
}

/** The text of a page's title heading (Starlight's `<h1 id="_top">`, which carries a scoped class). */
export function pageHeadingOf(html: string): string | undefined {
  return /<h1 id="_top"[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
}

/** Text content of an HTML fragment: tags removed, the entities Astro writes decoded. */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
