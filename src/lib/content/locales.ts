import { siteLocalesOrExit, type LocaleEntry, type LocaleRules } from '../config/site-locales.ts';

/**
 * The languages of the site, the one list of them: the first is the default, served without a prefix; each other one
 * lives under `/<code>/…`. Adding a language is a row here plus its translation files (README.md, "Adding a
 * language"): everything else, including astro.config.mjs, reads this list, and the build fails on a translation a
 * language lacks.
 */
const LOCALE_CONFIG = [
  /** `code`: the URL prefix, the BCP 47 tag of the pages and the stem of the translation files; `label`: its name. */
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;

/**
 * The list as the build hands it to a bundle (JSON, by `define`: astro.config.mjs for Astro's, compile-server.ts for
 * the server's): {@link LOCALE_CONFIG}, or the list of `SITE_LOCALES_DIR`. Undefined where the module runs from
 * source (`npm run dev`'s server, the build's scripts, a test): there it is read from the environment.
 */
declare const __SITE_LOCALES__: string | undefined;

/**
 * The languages the catalog names every marker and category in (its API data, `content/catalog/`); each language of
 * the site is among them, and the site's are the ones the catalog also describes them in.
 */
export const CATALOG_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv'] as const;

/** The site's own list and what every list of languages is checked against (src/lib/config/site-locales.ts). */
export const LOCALE_RULES: LocaleRules = { shipped: LOCALE_CONFIG, catalogLocales: CATALOG_LOCALES };

/**
 * The languages this build or development server makes the site in, the default first: {@link LOCALE_CONFIG} unless
 * `SITE_LOCALES_DIR` names a folder with a list of its own (docs/configuration.md).
 */
const SITE_LOCALES: readonly LocaleEntry[] =
  typeof __SITE_LOCALES__ === 'string'
    ? (JSON.parse(__SITE_LOCALES__) as LocaleEntry[])
    : siteLocalesOrExit(process.env, process.cwd(), LOCALE_RULES).list;

/** A language of the site. */
export type Locale = (typeof LOCALE_CONFIG)[number]['code'];

/**
 * Every language of the site, the default first. (A list of `SITE_LOCALES_DIR` may hold codes beyond the type's:
 * the type is the shipped site's languages.)
 */
export const LOCALES = SITE_LOCALES.map((locale) => locale.code) as readonly Locale[];

/** The language served at `/…`; the others live under `/<lang>/…`. */
export const DEFAULT_LOCALE = LOCALES[0]!;

/** Each language's name in that language, as a language switcher shows it. */
export const LOCALE_NAMES = Object.fromEntries(SITE_LOCALES.map(({ code, label }) => [code, label])) as Record<
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
