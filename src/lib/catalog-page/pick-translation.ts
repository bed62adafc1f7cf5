import { DEFAULT_LOCALE } from '../content/locales.ts';
import type { Translation } from '../schemas/catalog.ts';

/** A text of the catalog and the language it is written in (the catalog's BCP 47 tag). */
export interface LocalizedText {
  text: string;
  lang: string;
}

/** The language subtag of a BCP 47 tag, lower-cased: `de-AT` → `de`. */
const language = (tag: string): string => tag.toLowerCase().split('-', 1)[0] ?? '';

/** How well a translation suits `locale`: its exact tag, then its language, then the site's default language. */
function rank(translation: Translation, locale: string): number {
  if (translation.locale.toLowerCase() === locale.toLowerCase()) return 0;
  if (language(translation.locale) === language(locale)) return 1;
  return language(translation.locale) === DEFAULT_LOCALE ? 2 : 3;
}

/**
 * The best text of `field` for `locale` (its language, else the default language, else any) and the language used, for `lang` (WCAG
 * 3.1.2).
 */
export function pickText(
  translations: readonly Translation[],
  locale: string,
  field: 'name' | 'description',
): LocalizedText | undefined {
  const candidates = translations
    .map((translation, index) => ({ translation, index }))
    .filter(({ translation }) => translation[field] !== undefined)
    .sort((a, b) => rank(a.translation, locale) - rank(b.translation, locale) || a.index - b.index);
  const best = candidates[0]?.translation;
  const text = best?.[field];
  return best === undefined || text === undefined ? undefined : { text, lang: best.locale };
}

/** The `lang` attribute a text needs on a page in `locale`: its language when it differs (WCAG 3.1.2). */
export const langAttribute = (text: LocalizedText, locale: string): string | undefined =>
  language(text.lang) === language(locale) ? undefined : text.lang;
