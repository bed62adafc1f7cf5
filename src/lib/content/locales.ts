/** Languages the guide is written in; the first is the default, served without a prefix. */
export const LOCALES = ['en', 'de'] as const;

/** A language of the guide. */
export type Locale = (typeof LOCALES)[number];

/** The language served at `/…`; the others live under `/<lang>/…`. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in that language, as a language switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/** Whether a string names one of the guide's languages. */
export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);
