import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALES, type Locale } from '../content/locales.ts';
import { fileOfEachLocale, filesBelow, missingTranslation } from '../content/translations.ts';
import { fillPolicy } from '../rate-limit/policy-text.ts';
import type { Translate } from './build-api-reference-view.ts';

/**
 * A translation table of the OpenAPI document's prose, one text per key: `op.<operationId>.
 * <summary|description|requestBody|status>`, `op.<operationId>.<status>.<header>`,
 * `response.<Component>`, `param.<name>`, `header.<name>`, `schema.<Name>[.<property>]`,
 * `example.<name>`. The document itself stays in the default language; the reference page reads this table.
 */
const OpenApiTranslationSchema = z.record(
  z.string().regex(/^(op|response|param|header|schema|example)\.[\w.-]+$/),
  z.string().trim().min(1),
);

/** Where the tables are: `content/i18n/openapi/<code>.yaml`, one per language but the default. */
const FOLDER = 'content/i18n/openapi';

/**
 * The tables of every language of `locales` but the first (the document's own) from the files in `files` (keyed by
 * file name); a language without its table throws, naming the language and the file.
 */
export function parseOpenApiTranslations(
  files: Readonly<Record<string, string>>,
  locales: readonly string[],
): ReadonlyMap<string, Readonly<Record<string, string>>> {
  return new Map(
    [...fileOfEachLocale(files, FOLDER, locales)].map(([locale, yaml]) => {
      const result = OpenApiTranslationSchema.safeParse(parse(yaml) ?? {});
      if (!result.success) throw new Error(`${FOLDER}/${locale}.yaml: ${z.prettifyError(result.error)}`);
      return [locale, result.data] as const;
    }),
  );
}

/**
 * The translator of a language's reference page: the first of the keys its table holds; a text the table lacks
 * throws when the reference asks for it, naming the language, the file and the key, so the build's render of the
 * page fails. A language without a table (the default) reads the document's own text.
 */
export function translatorOf(tables: ReadonlyMap<string, Readonly<Record<string, string>>>, locale: string): Translate {
  const table = tables.get(locale);
  if (table === undefined) return (_keys, english) => english;
  return (keys, english) => {
    for (const key of keys) {
      const text = table[key];
      // The rate limit's numbers are filled in from the policy (`{limit}`, `{seconds}`).
      if (text !== undefined) return fillPolicy(text, locale);
    }
    throw missingTranslation(locale, `${FOLDER}/${locale}.yaml`, keys[0] ?? english);
  };
}

let tables: ReadonlyMap<string, Readonly<Record<string, string>>> | undefined;

/**
 * The site's tables, bundled at build time and read on first use (a language of `LOCALES` without its table fails the
 * build's first render of the reference), so a script run by Node alone may import this module.
 */
const siteTables = () =>
  (tables ??= parseOpenApiTranslations(
    filesBelow(
      'openapi',
      import.meta.glob<string>('@site-content/i18n/openapi/*.yaml', {
        query: '?raw',
        import: 'default',
        eager: true,
      }),
    ),
    LOCALES,
  ));

/** The table of a language; empty for the default language, the document's own. @internal */
export const translationTable = (locale: Locale): Readonly<Record<string, string>> => siteTables().get(locale) ?? {};

/** The translator of a language's reference page on the site. */
export const translatorFor = (locale: Locale): Translate => translatorOf(siteTables(), locale);
