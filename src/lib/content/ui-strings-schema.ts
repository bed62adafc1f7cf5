import { parse } from 'yaml';
import { z } from 'zod';
import { DEFAULT_LOCALE } from './locales.ts';
import { filesBelow } from './translations.ts';
import type { UiStrings } from '../../generated/ui-strings.ts';

export type { UiStrings } from '../../generated/ui-strings.ts';

/** The interface strings of the catalog page. */
export type CatalogUiStrings = UiStrings['catalog'];

/** The interface strings of a biomarker's own page. */
export type MarkerPageUiStrings = UiStrings['marker'];

/** The fixed labels of the API reference; the document's own text stays English. */
export type ApiReferenceUiStrings = UiStrings['apiReference'];

/** The strings of the browser error pages (404 and 429). */
export type ErrorPagesUiStrings = UiStrings['errors'];

/** The `{name}` placeholders of a string, each once, in order. @internal */
export const placeholdersOf = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

/** Interface text: one line or a few sentences, no surrounding space. */
const text = z.string().trim().min(1).max(400);

/** A string where the English one is: each of its placeholders kept. */
const stringLike = (englishText: string) =>
  placeholdersOf(englishText).reduce((schema, placeholder) => schema.includes(placeholder), text);

/**
 * A word list's key: a marker key or category type (`hba1c`), or a page path without the locale and, for a section,
 * its heading's id (`developers#rate-limits`); the search index build fails on a page or section it does not find.
 */
const WORD_LIST_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*(#[\p{Ll}0-9-]+)?$/u;

/** Whether a mapping is data keyed by its own values (a marker's search words by marker key), not strings. */
const isWordLists = (value: object): boolean =>
  Object.keys(value).length > 0 && Object.values(value).every((entry) => Array.isArray(entry));

/** The schema of a value shaped as `model` is: the same keys, strings with its placeholders, lists of words. */
function schemaLike(model: unknown): z.ZodType {
  if (typeof model === 'string') return stringLike(model);
  if (Array.isArray(model)) return z.array(text.max(120)).min(1);
  if (typeof model !== 'object' || model === null) throw new Error("the default locale's strings are only strings");
  if (isWordLists(model)) return z.record(z.string().regex(WORD_LIST_KEY), z.array(text.max(120)).min(1));
  return z.strictObject(Object.fromEntries(Object.entries(model).map(([key, value]) => [key, schemaLike(value)])));
}

/** The schema of a locale's interface strings, shaped as `defaultYaml`: the default locale's file. */
export const uiStringsSchemaOf = (defaultYaml: string): z.ZodType => schemaLike(parse(defaultYaml));

let schema: z.ZodType | undefined;

/**
 * The interface strings of one locale, from `content/i18n/<code>.yaml`: shaped as the default locale's file, which
 * says what each string is for. Its type is generated from the same file (`npm run generate:types`). The file is
 * bundled at build time and read on the first parse, so a script run by Node alone may import this module.
 */
export const UiStringsSchema = z.lazy(
  () =>
    (schema ??= uiStringsSchemaOf(
      filesBelow(
        'i18n',
        import.meta.glob<string>('@site-content/i18n/*.yaml', { query: '?raw', import: 'default', eager: true }),
      )[`${DEFAULT_LOCALE}.yaml`]!,
    )),
) as unknown as z.ZodType<UiStrings>;
