import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/**
 * Where the request path goes in a prepared error page: characters Astro's HTML escaping
 * leaves alone, so the build's output holds it verbatim for the server to fill in.
 */
export const PATH_PLACEHOLDER = '%%REQUEST_PATH%%';

/** Where the seconds of `Retry-After` go in a prepared 429 page. */
export const SECONDS_PLACEHOLDER = '%%RETRY_SECONDS%%';

/**
 * The prepared error pages of one locale: the 404, and the 429 once per CLDR plural
 * category of its seconds (en and de need `one` and `other`), so the sentence agrees
 * with the number the server fills in.
 */
const ERROR_PAGE_VARIANTS = ['not-found', 'rate-limited-one', 'rate-limited-other'] as const;

/** One prepared error page of a locale. */
export type ErrorPageVariant = (typeof ERROR_PAGE_VARIANTS)[number];

/** Whether a string names a prepared error page. */
export const isErrorPageVariant = (value: string): value is ErrorPageVariant =>
  (ERROR_PAGE_VARIANTS as readonly string[]).includes(value);

/**
 * The path the build renders an error page at through Astro; no client can reach it
 * (routes.ts). It sits under the locale's prefix, as a page of that locale would, so
 * that Starlight's layout takes the page's language from the path.
 */
const errorPageRenderPath = (locale: Locale, variant: ErrorPageVariant): string =>
  `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}/prepared-errors/${variant}`;

/** How the keys of error pages begin in the build's prepared output. */
export const ERROR_PAGE_KEY_PREFIX = 'error-page ';

/** The key of an error page in the build's prepared output. */
export const errorPageKey = (locale: Locale, variant: ErrorPageVariant): string =>
  `${ERROR_PAGE_KEY_PREFIX}${locale} ${variant}`;

/** Every error page the build prepares, per locale. */
export const ERROR_PAGES = LOCALES.flatMap((locale) =>
  ERROR_PAGE_VARIANTS.map((variant) => ({
    locale,
    variant,
    key: errorPageKey(locale, variant),
    renderPath: errorPageRenderPath(locale, variant),
  })),
);

/** The locale of a request path by its prefix: `/de` and `/de/…` are German, everything else the default. */
export function localeOfPath(path: string): Locale {
  for (const locale of LOCALES) {
    if (locale !== DEFAULT_LOCALE && (path === `/${locale}` || path.startsWith(`/${locale}/`))) return locale;
  }
  return DEFAULT_LOCALE;
}
