import { contentSecurityPolicyFor } from '../../lib/http/content-security-policy.ts';
import { escapeHtml } from '../../lib/http/html-escape.ts';
import type { Locale } from '../../lib/content/locales.ts';
import {
  errorPageKey,
  PATH_PLACEHOLDER,
  SECONDS_PLACEHOLDER,
  type ErrorPageVariant,
} from '../../lib/content/error-page-templates.ts';

/**
 * A prepared page cut at its placeholders (odd `parts`); placeholders are text, never in a script or style, so one CSP
 * fits every fill.
 */
interface Template {
  text: string;
  /** Text between the placeholders, UTF-8 encoded once; `placeholders[i]` follows `parts[i]`. */
  parts: readonly Buffer[];
  placeholders: readonly string[];
  policy?: string;
}

/** A filled error page (UTF-8) and the Content-Security-Policy its inline scripts and styles need. */
export interface FilledPage {
  /** The page's bytes in order: the template's parts and the filled-in values between them. */
  body: readonly Buffer[];
  policy: string;
}

const SPLIT = new RegExp(`(${PATH_PLACEHOLDER}|${SECONDS_PLACEHOLDER})`);

/** CLDR plural rules per locale, made once: which 429 variant a number of seconds takes. */
const pluralRules = new Map<string, Intl.PluralRules>();

/** The build's browser error pages, per locale, as templates filled with the escaped path and `Retry-After`. */
export class ErrorPages {
  readonly #templates = new Map<string, Template>();

  /** Stores a page as the build rendered it (base URL already substituted). */
  put(key: string, text: string): void {
    const split = text.split(SPLIT);
    const parts = split.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part, 'utf8'));
    this.#templates.set(key, { text, parts, placeholders: split.filter((_, i) => i % 2 === 1) });
  }

  /** The styled 404 (RFC 9110 §15.5.5) naming `path`, or undefined without a build's output. */
  notFound(locale: Locale, path: string): FilledPage | undefined {
    return this.#fill(locale, 'not-found', path, 0);
  }

  /** The styled 429 (RFC 6585 §4) saying to retry in `seconds`, or undefined without a build's output. */
  rateLimited(locale: Locale, path: string, seconds: number): FilledPage | undefined {
    let rules = pluralRules.get(locale);
    if (rules === undefined) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
    const variant = rules.select(seconds) === 'one' ? 'rate-limited-one' : 'rate-limited-other';
    return this.#fill(locale, variant, path, seconds);
  }

  #fill(locale: Locale, variant: ErrorPageVariant, path: string, seconds: number): FilledPage | undefined {
    const template = this.#templates.get(errorPageKey(locale, variant));
    if (template === undefined) return undefined;
    // The template's policy, worked out once: its scripts never change with the path filled in.
    template.policy ??= contentSecurityPolicyFor(template.text);
    // Only the path and the seconds are encoded per request; the prepared parts go out uncopied, in one `writev`.
    const chunks: Buffer[] = [];
    for (let i = 0; i < template.parts.length; i += 1) {
      chunks.push(template.parts[i]!);
      const placeholder = template.placeholders[i];
      if (placeholder === undefined) continue;
      chunks.push(Buffer.from(placeholder === PATH_PLACEHOLDER ? escapeHtml(path) : String(seconds), 'utf8'));
    }
    return { body: chunks, policy: template.policy };
  }
}
