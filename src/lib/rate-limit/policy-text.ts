import { CATALOG_POLICY, RATE_LIMIT_POLICY } from './headers.ts';

const { limit, windowSeconds } = CATALOG_POLICY;

/** A number of the policy as prose: requests per window, the window in seconds, or the window as words after "per". */
type PolicyFact = 'limit' | 'seconds' | 'window';

/** The rate-limit headers whose value is the same on every response: the policy as a header states it. */
const POLICY_HEADERS = {
  'RateLimit-Policy': RATE_LIMIT_POLICY,
  'RateLimit-Limit': String(limit),
} as const;

/**
 * The window as words after "per" in `locale` (BCP 47), from the locale data of `Intl`: `minute` or `Minute` for a
 * one-minute window, `2 minutes`, `30 seconds`.
 */
function windowWords(locale: string): string {
  const [unit, count] = windowSeconds % 60 === 0 ? ['minute', windowSeconds / 60] : ['second', windowSeconds];
  const parts = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).formatToParts(count);
  // One unit reads without its number: "per minute", not "per 1 minute".
  return count === 1 ? parts.find((part) => part.type === 'unit')!.value : parts.map((part) => part.value).join('');
}

/**
 * Fills a text's `{limit}` (requests per window), `{seconds}` (the window's length) and `{window}` (the window as words
 * after "per" in `locale`) with the catalog policy's: how interface strings and translated OpenAPI prose name the quota.
 */
export const fillPolicy = (text: string, locale: string): string =>
  text
    .replaceAll('{limit}', String(limit))
    .replaceAll('{seconds}', String(windowSeconds))
    .replaceAll('{window}', windowWords(locale));

/** One fact of the policy as the pages print it (`<RateLimit show="…" />` and its Markdown twin). */
function policyFact(fact: PolicyFact, locale: string): string {
  if (fact === 'window') return windowWords(locale);
  return String(fact === 'limit' ? limit : windowSeconds);
}

/** What `<RateLimit>` prints for its attributes: a fact as text, or a header's value as code. */
export function policyPrint(
  attributes: { show?: string | undefined; header?: string | undefined },
  locale: string,
): { text: string; code: boolean } {
  const { show, header } = attributes;
  if (header !== undefined) {
    if (!Object.hasOwn(POLICY_HEADERS, header)) throw new Error(`<RateLimit header="${header}">: not a policy header`);
    return { text: POLICY_HEADERS[header as keyof typeof POLICY_HEADERS], code: true };
  }
  if (show !== 'limit' && show !== 'seconds' && show !== 'window') {
    throw new Error(`<RateLimit>: show="limit", "seconds" or "window", or header="RateLimit-Policy"`);
  }
  return { text: policyFact(show, locale), code: false };
}
