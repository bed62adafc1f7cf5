/**
 * The languages of the site, the one list of them: the first is the default, served without a prefix; each other one
 * lives under `/<code>/…`. Adding a language is a row here plus its translation files (docs/guide.md, "Adding a
 * language"): everything else, including astro.config.mjs, reads this list, and the build fails on a translation a
 * language lacks.
 */
export const LOCALE_CONFIG = [
  /** `code`: the URL prefix, the BCP 47 tag of the pages and the stem of the translation files; `label`: its name. */
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;

/**
 * The languages the catalog names every marker and category in (its API data, `content/catalog/`); each language of
 * the site is among them, and the site's are the ones the catalog also describes them in.
 */
export const CATALOG_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv'] as const;

/** A language of the site. */
export type Locale = (typeof LOCALE_CONFIG)[number]['code'];

/** Every language of the site, the default first. */
export const LOCALES: readonly Locale[] = LOCALE_CONFIG.map((locale) => locale.code);

/** The language served at `/…`; the others live under `/<lang>/…`. */
export const DEFAULT_LOCALE: Locale = LOCALE_CONFIG[0].code;

/** Each language's name in that language, as a language switcher shows it. */
export const LOCALE_NAMES = Object.fromEntries(LOCALE_CONFIG.map(({ code, label }) => [code, label])) as Record<
  Locale,
  string
>;

/** Whether a string names one of the site's languages. */
export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

for (const locale of LOCALES) {
  if (!(CATALOG_LOCALES as readonly string[]).includes(locale)) {
    throw new Error(`src/lib/content/locales.ts: the catalog names nothing in "${locale}" (CATALOG_LOCALES)`);
  }
}
