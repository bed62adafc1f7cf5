import { DEFAULT_LOCALE, isLocale, type Locale } from '../content/locales.ts';

/**
 * The language of a code block, from the page file it is written in
 * (`content/pages/<lang>/…`), so that Expressive Code labels its copy button in the page's
 * language. Starlight's own lookup expects pages under `src/content/docs/` and answers
 * English for every page of this site.
 */
export function blockLocale({ file }: { file: { path: string } }): Locale {
  const lang = /[\\/]content[\\/]pages[\\/]([^\\/]+)[\\/]/.exec(file.path)?.[1] ?? '';
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
