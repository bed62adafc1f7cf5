import { createHash } from 'node:crypto';
import { unescapeHtml } from './html-escape.ts';

/** Classic and module scripts written into the page; data blocks (`application/ld+json`) never run. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;

/** `style="…"` attributes: Starlight and Expressive Code set custom properties this way. */
const STYLE_ATTRIBUTE = /<[a-zA-Z][^<>]*?\sstyle="([^"]*)"/g;

/** A CSP hash source of a text (CSP3 §8.3: SHA-256 over its UTF-8 bytes, base64). */
const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The distinct hash sources of `pattern`'s first group over `html`, in a stable order. */
function hashesOf(html: string, pattern: RegExp, transform: (text: string) => string = (text) => text): string[] {
  const texts = new Set<string>();
  for (const match of html.matchAll(pattern)) texts.add(transform(match[1] ?? ''));
  return [...texts].map(hashSource).sort();
}

/**
 * A page's CSP: own origin only, plus exactly its inline scripts and style attributes by hash (CSP3 §6.7.3,
 * `'unsafe-hashes'`), never `'unsafe-inline'`: Starlight's theme script runs before paint and Expressive Code
 * sets custom properties in `style` attributes. No framing.
 */
export function contentSecurityPolicyFor(html: string): string {
  const scripts = hashesOf(html, INLINE_SCRIPT);
  // A browser hashes the attribute's value: the markup with its character references decoded.
  const styleAttributes = hashesOf(html, STYLE_ATTRIBUTE, unescapeHtml);
  return [
    "default-src 'none'",
    // Pagefind's search runs WebAssembly, which needs 'wasm-unsafe-eval' (never 'unsafe-eval').
    ["script-src 'self' 'wasm-unsafe-eval'", ...scripts].join(' '),
    "style-src 'self'",
    styleAttributes.length === 0
      ? "style-src-attr 'none'"
      : ["style-src-attr 'unsafe-hashes'", ...styleAttributes].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `npm run dev` only: Vite and its error overlay inject inline styles, so those are allowed; scripts stay strict. */
export const developmentPolicy = (policy: string): string =>
  policy
    .split('; ')
    .map((directive) =>
      directive === "style-src 'self'"
        ? "style-src 'self' 'unsafe-inline'"
        : directive.startsWith('style-src-attr ')
          ? "style-src-attr 'unsafe-inline'"
          : directive,
    )
    .join('; ');
